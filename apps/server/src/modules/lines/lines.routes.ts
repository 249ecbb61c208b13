import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarReferencesSchema,
  lineDetailsSchema,
  lineInputSchema,
  lineMembersInputSchema,
  lineSchema,
  lineUpdateSchema,
  idSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import {
  changeLine,
  createLine,
  lineReferences,
  listLines,
  loadLine,
  removeLine,
  setMembers,
} from './lines.service';

const params = z.object({ id: idSchema });

export async function linesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (principal: { schoolId: string; personId: string }) => ({
    schoolId: principal.schoolId,
    personId: principal.personId,
  });

  routes.get(
    '/api/v1/lines',
    {
      config: { access: 'lines:view' },
      schema: {
        tags: ['lines'],
        summary: 'Every line of the school, with staff and member counts',
        response: { 200: z.array(lineSchema) },
      },
    },
    async (request) => listLines(ctx.database.db, request.principal.schoolId),
  );

  routes.get(
    '/api/v1/lines/:id',
    {
      config: { access: 'lines:view' },
      schema: {
        tags: ['lines'],
        summary: 'One line with the ids of its members',
        params,
        response: { 200: lineDetailsSchema },
      },
    },
    async (request) => loadLine(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.post(
    '/api/v1/lines',
    {
      config: { access: 'lines:change' },
      schema: {
        tags: ['lines'],
        summary: 'Create a line',
        body: lineInputSchema,
        response: { 201: lineSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.principal);
      const line = await createLine(ctx, actor, request.body);
      return reply.code(201).send(line);
    },
  );

  routes.patch(
    '/api/v1/lines/:id',
    {
      config: { access: 'lines:change' },
      schema: {
        tags: ['lines'],
        summary: 'Change a line; lists of staff replace the stored ones',
        params,
        body: lineUpdateSchema,
        response: { 200: lineSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.principal);
      return changeLine(ctx, actor, request.params.id, request.body);
    },
  );

  routes.put(
    '/api/v1/lines/:id/members',
    {
      config: { access: 'lines:change' },
      schema: {
        tags: ['lines'],
        summary: "Set the line's members (their memberOf)",
        params,
        body: lineMembersInputSchema,
        response: { 200: lineDetailsSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.principal);
      return setMembers(ctx, actor, request.params.id, request.body.personIds);
    },
  );

  routes.get(
    '/api/v1/lines/:id/references',
    {
      // Asked only on the way to deleting, by those who may delete.
      config: { access: 'lines:change' },
      schema: {
        tags: ['lines'],
        summary: 'What deleting the line would change in the schedules and events',
        params: params,
        response: { 200: calendarReferencesSchema },
      },
    },
    async (request) => lineReferences(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.delete(
    '/api/v1/lines/:id',
    {
      config: { access: 'lines:change' },
      schema: {
        tags: ['lines'],
        summary: "Delete a line and every member's membership of it, in one transaction",
        params,
        response: { 200: z.object({ removedMembers: z.number().int().nonnegative() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request.principal);
      return removeLine(ctx, actor, request.params.id);
    },
  );
}
