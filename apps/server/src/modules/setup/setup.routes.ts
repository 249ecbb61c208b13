import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setupSchema, setupStatusSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { mailerFor } from '../../mail/mail';
import { ssoSignInOptions } from '../sso/sso.service';
import { needsSetup, runSetup } from './setup.service';

export async function setupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/setup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['setup'],
        summary: 'Does Tun still need its first-run wizard, and how can people sign in?',
        response: { 200: setupStatusSchema },
      },
    },
    async () => ({
      needsSetup: await needsSetup(ctx.database.db),
      emailLink: mailerFor(ctx.config) !== undefined,
      sso: await ssoSignInOptions(ctx.database.db),
    }),
  );

  routes.post(
    '/api/v1/setup',
    {
      // Public only until the first school exists; from then on it answers 403 'setup-done'.
      config: { access: 'public' },
      schema: {
        tags: ['setup'],
        summary: 'First run: create the school and its first admin',
        body: setupSchema,
        response: { 201: z.object({ schoolId: z.string(), personId: z.string() }) },
      },
    },
    async (request, reply) => {
      const created = await runSetup(ctx, request.body);
      return reply.code(201).send(created);
    },
  );
}
