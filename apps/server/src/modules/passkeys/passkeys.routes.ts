import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeySignInSchema,
  sessionSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { openSignedInSession } from '../session/session.service';
import { SIGN_IN_CEREMONIES_PER_ADDRESS } from '../session/sign-in-throttle.service';
import {
  passkeysOfPerson,
  passkeysOfPersonForAdmin,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInOptions,
  verifyPasskeySignIn,
} from './passkeys.service';

export async function passkeysRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Signing in with a passkey costs a signature check; guessing one is hopeless, and a whole
  // school may sign in from one network.
  const signInLimit = {
    max: SIGN_IN_CEREMONIES_PER_ADDRESS,
    timeWindow: '1 minute',
    keyGenerator: (request: { ip: string }) => `passkey|${request.ip}`,
    errorResponseBuilder: () => new ProblemError('too-many-attempts'),
  };

  routes.get(
    '/api/v1/passkeys',
    {
      // Everyone manages their own passkeys only: the routes take no person.
      config: { access: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: "The signed-in person's passkeys",
        response: { 200: z.array(passkeySchema) },
      },
    },
    async (request) => passkeysOfPerson(ctx, request.principal),
  );

  routes.post(
    '/api/v1/passkeys/options',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: 'Options for the browser to make a passkey for the signed-in person',
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await registrationOptions(ctx, request.principal)),
  );

  routes.post(
    '/api/v1/passkeys',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: 'Register the passkey the browser made',
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerPasskey(ctx, request.principal, request.body)),
  );

  routes.delete(
    '/api/v1/passkeys/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: 'Remove one of the signed-in person’s passkeys',
        params: z.object({ id: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePasskey(ctx, request.principal, request.principal.personId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/people/:id/passkeys',
    {
      // Who may sign a person out everywhere may see and remove a lost phone's passkey.
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: "A person's passkeys, for an admin",
        params: z.object({ id: idSchema }),
        response: { 200: z.array(passkeySchema) },
      },
    },
    async (request) => passkeysOfPersonForAdmin(ctx, request.principal, request.params.id),
  );

  routes.delete(
    '/api/v1/people/:id/passkeys/:passkeyId',
    {
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: "Remove a person's passkey (a lost phone)",
        params: z.object({ id: idSchema, passkeyId: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePasskey(ctx, request.principal, request.params.id, request.params.passkeyId);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/v1/login/passkey/options',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: {
        tags: ['session'],
        summary: 'Options for the browser to sign in with a passkey',
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await signInOptions(ctx)),
  );

  routes.post(
    '/api/v1/login/passkey',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: {
        tags: ['session'],
        summary: 'Sign in with a passkey',
        body: passkeySignInSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await verifyPasskeySignIn(ctx, request.body);
      const { cookie, session } = await openSignedInSession(ctx, userId, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        method: 'passkey',
        warn: (message) => request.log.warn(message),
      });
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').send(session);
    },
  );
}
