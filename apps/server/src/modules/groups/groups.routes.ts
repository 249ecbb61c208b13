import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarReferencesSchema,
  groupInputSchema,
  groupParamsSchema,
  groupSchema,
  groupUpdateSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import {
  changeGroup,
  createGroup,
  groupReferences,
  listGroups,
  loadGroup,
  removeGroup,
} from './groups.service';

export async function groupsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (principal: { schoolId: string; personId: string }) => ({
    schoolId: principal.schoolId,
    personId: principal.personId,
  });

  routes.get(
    '/api/v1/groups',
    {
      config: { access: 'groups:view' },
      schema: {
        tags: ['groups'],
        summary: 'Every temporary group of the school, active and archived, with member ids',
        response: { 200: z.array(groupSchema) },
      },
    },
    async (request) => listGroups(ctx.database.db, request.principal.schoolId),
  );

  routes.get(
    '/api/v1/groups/:id',
    {
      config: { access: 'groups:view' },
      schema: {
        tags: ['groups'],
        summary: 'One temporary group',
        params: groupParamsSchema,
        response: { 200: groupSchema },
      },
    },
    async (request) => loadGroup(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.post(
    '/api/v1/groups',
    {
      config: { access: 'groups:change' },
      schema: {
        tags: ['groups'],
        summary: 'Create a temporary group',
        body: groupInputSchema,
        response: { 201: groupSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.principal);
      const group = await createGroup(ctx, actor, request.body);
      return reply.code(201).send(group);
    },
  );

  routes.patch(
    '/api/v1/groups/:id',
    {
      config: { access: 'groups:change' },
      schema: {
        tags: ['groups'],
        summary: 'Rename a temporary group, change its members or its end date',
        params: groupParamsSchema,
        body: groupUpdateSchema,
        response: { 200: groupSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.principal);
      return changeGroup(ctx, actor, request.params.id, request.body);
    },
  );

  routes.get(
    '/api/v1/groups/:id/references',
    {
      // Asked only on the way to deleting, by those who may delete.
      config: { access: 'groups:change' },
      schema: {
        tags: ['groups'],
        summary: 'What deleting the group would change in the schedules and events',
        params: groupParamsSchema,
        response: { 200: calendarReferencesSchema },
      },
    },
    async (request) => groupReferences(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.delete(
    '/api/v1/groups/:id',
    {
      config: { access: 'groups:change' },
      schema: {
        tags: ['groups'],
        summary: 'Delete a temporary group and its memberships',
        params: groupParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.principal);
      await removeGroup(ctx, actor, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
