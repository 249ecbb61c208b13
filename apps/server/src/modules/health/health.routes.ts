import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { pingDatabase } from './health.service';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Is the server up and its database reachable?',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }) },
      },
    },
    async () => {
      await pingDatabase(ctx.database.db);
      return { status: 'ok' as const, database: ctx.database.dialect };
    },
  );
}
