import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supervisionReleaseSchema, supervisionSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { getSupervision, releaseSupervision, takeSupervision } from './supervision.service';

export async function supervisionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/supervision',
    {
      // Who is on duty is part of the school record, which everyone sees.
      config: { access: 'schoolInfo:view' },
      schema: {
        tags: ['supervision'],
        summary: 'Who is on supervision duty now, and the supervision phone',
        response: { 200: supervisionSchema },
      },
    },
    async (request) => getSupervision(ctx.database.db, request.principal.schoolId),
  );

  routes.post(
    '/api/v1/supervision/take',
    {
      config: { access: 'supervision:take' },
      schema: {
        tags: ['supervision'],
        summary: 'Take over supervision duty',
        response: { 200: supervisionSchema },
      },
    },
    async (request) => {
      const { schoolId, personId, roles } = request.principal;
      return takeSupervision(ctx, { schoolId, personId, roles });
    },
  );

  routes.post(
    '/api/v1/supervision/release',
    {
      config: { access: 'supervision:take' },
      schema: {
        tags: ['supervision'],
        summary: 'End supervision duty (the person on duty, or an admin)',
        body: supervisionReleaseSchema,
        response: { 200: supervisionSchema },
      },
    },
    async (request) => {
      const { schoolId, personId, roles } = request.principal;
      return releaseSupervision(ctx, { schoolId, personId, roles }, request.body?.personId);
    },
  );
}
