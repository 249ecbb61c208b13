import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  sessionSchema,
  signInLinkRequestedSchema,
  signInLinkRequestSchema,
  signInLinkUseSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { openSignedInSession } from '../session/session.service';
import { requestSignInLink, useSignInLink } from './sign-in-links.service';

export async function signInLinksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/login/email-link',
    {
      // Throttled per address typed in and per client address in the database
      // (session/sign-in-throttle.service.ts); the answer never tells whether the address is known.
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Send a one-time sign-in link to the address, if it belongs to someone',
        body: signInLinkRequestSchema,
        response: { 202: signInLinkRequestedSchema },
      },
    },
    async (request, reply) => {
      const result = await requestSignInLink(ctx, { email: request.body.email, clientAddress: request.ip });
      if ('retryAfterSeconds' in result) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new ProblemError('too-many-attempts');
      }
      return reply.code(202).send(result);
    },
  );

  routes.post(
    '/api/v1/login/email-link/use',
    {
      config: {
        // The token is the credential here.
        access: 'public',
        // Guessing tokens is hopeless (256 bits); this bounds the work of trying.
        rateLimit: {
          max: ctx.config.loginRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request) => `sign-in-link|${request.ip}`,
          errorResponseBuilder: () => new ProblemError('too-many-attempts'),
        },
      },
      schema: {
        tags: ['session'],
        summary: 'Sign in with a one-time link from e-mail; creates the account when there is none',
        body: signInLinkUseSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await useSignInLink(ctx, request.body.token);
      const { cookie, session } = await openSignedInSession(ctx, userId, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        method: 'email-link',
        warn: (message) => request.log.warn(message),
      });
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').send(session);
    },
  );
}
