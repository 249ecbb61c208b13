import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordLinkSchema, setPasswordResultSchema, setPasswordSchema, idSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { createPasswordLink, setPasswordWithLink } from './password-links.service';

const personParams = z.object({ id: idSchema });

export async function passwordLinksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/people/:id/password-link',
    {
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: 'Make a one-time link for the person to set a password (e-mailed when SMTP is set up)',
        params: personParams,
        response: { 201: passwordLinkSchema },
      },
    },
    async (request, reply) => {
      const { schoolId, personId } = request.principal;
      const link = await createPasswordLink(ctx, { schoolId, personId }, request.params.id, request.log);
      return reply.code(201).header('cache-control', 'no-store').send(link);
    },
  );

  routes.post(
    '/api/v1/password-links/set',
    {
      config: {
        // The token is the credential here.
        access: 'public',
        // Guessing tokens is hopeless (256 bits), but each attempt costs a password hash.
        rateLimit: {
          max: ctx.config.loginRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request) => `set-password|${request.ip}`,
          errorResponseBuilder: () => new ProblemError('too-many-attempts'),
        },
      },
      schema: {
        tags: ['session'],
        summary: 'Set a password with a one-time link; creates the sign-in account when there is none',
        body: setPasswordSchema,
        response: { 200: setPasswordResultSchema },
      },
    },
    async (request) => setPasswordWithLink(ctx, request.body),
  );
}
