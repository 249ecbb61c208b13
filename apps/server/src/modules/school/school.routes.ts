import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolSchema, schoolUpdateSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { findSchool, toSchool, updateSchool } from './school.repository';

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
    async (request) => {
      const row = await findSchool(ctx.database.db, request.principal.schoolId);
      if (!row) throw new ProblemError('not-found', 'Could not fetch groups for school. Do they exist?');
      return toSchool(row);
    },
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
    async (request) => {
      const { schoolId } = request.principal;
      const row = await write(ctx, schoolId, async (trx, publish) => {
        await updateSchool(trx, schoolId, request.body);
        publish('school', [schoolId]);
        return findSchool(trx, schoolId);
      });
      if (!row) throw new ProblemError('not-found');
      return toSchool(row);
    },
  );
}
