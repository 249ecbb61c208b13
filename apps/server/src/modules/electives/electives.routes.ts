import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarReferencesSchema,
  electiveInputSchema,
  electiveSchema,
  electiveUpdateSchema,
  idSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import {
  changeElective,
  createElective,
  electiveReferences,
  getElective,
  listElectives,
  removeElective,
} from './electives.service';

const params = z.object({ id: idSchema });

export async function electivesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/electives',
    {
      config: { access: 'electives:view' },
      schema: {
        tags: ['electives'],
        summary: "The school's electives with their members, by name",
        response: { 200: z.array(electiveSchema) },
      },
    },
    async (request) => listElectives(ctx.database.db, request.principal.schoolId),
  );

  routes.get(
    '/api/v1/electives/:id',
    {
      config: { access: 'electives:view' },
      schema: {
        tags: ['electives'],
        summary: 'One elective with its members',
        params,
        response: { 200: electiveSchema },
      },
    },
    async (request) => getElective(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.post(
    '/api/v1/electives',
    {
      config: { access: 'electives:change' },
      schema: {
        tags: ['electives'],
        summary: 'Create an elective',
        body: electiveInputSchema,
        response: { 201: electiveSchema },
      },
    },
    async (request, reply) => {
      const elective = await createElective(ctx, request.principal.schoolId, request.body);
      return reply.code(201).send(elective);
    },
  );

  routes.patch(
    '/api/v1/electives/:id',
    {
      config: { access: 'electives:change' },
      schema: {
        tags: ['electives'],
        summary: 'Change an elective; members, when given, replace the stored ones',
        params,
        body: electiveUpdateSchema,
        response: { 200: electiveSchema },
      },
    },
    async (request) => changeElective(ctx, request.principal.schoolId, request.params.id, request.body),
  );

  routes.get(
    '/api/v1/electives/:id/references',
    {
      // Asked only on the way to deleting, by those who may delete.
      config: { access: 'electives:change' },
      schema: {
        tags: ['electives'],
        summary: 'What deleting the elective would change in the schedules and events',
        params: params,
        response: { 200: calendarReferencesSchema },
      },
    },
    async (request) => electiveReferences(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.delete(
    '/api/v1/electives/:id',
    {
      config: { access: 'electives:change' },
      schema: {
        tags: ['electives'],
        summary: 'Delete an elective and its memberships',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeElective(ctx, request.principal.schoolId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
