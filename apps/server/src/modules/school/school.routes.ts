import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolSchema, schoolUpdateSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { changeSchool, getSchool } from './school.service';

export async function schoolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/school',
    {
      config: { access: 'schoolInfo:view' },
      schema: {
        tags: ['school'],
        summary: 'The school of the signed-in user',
        response: { 200: schoolSchema },
      },
    },
    async (request) => getSchool(ctx.database.db, request.principal.schoolId),
  );

  routes.patch(
    '/api/v1/school',
    {
      config: { access: 'schoolInfo:change' },
      schema: {
        tags: ['school'],
        summary: 'Change names, supervision phone or position',
        body: schoolUpdateSchema,
        response: { 200: schoolSchema },
      },
    },
    async (request) => changeSchool(ctx, request.principal.schoolId, request.body),
  );
}
