import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, loginSchema, sessionSchema, signedInSessionSchema, SPEC_MESSAGES } from '@tun/shared';
import { authHeaders, findDirectoryEntry } from '../../auth/principal';
import type { AppContext } from '../../context';
import { refuseIfSsoRequired } from '../sso/sso.service';
import { ProblemError } from '../../http/problem';
import {
  describeSession,
  dropSession,
  endOwnSessions,
  endSessionsOfPerson,
  recordPasswordSignIn,
  sessionsOfPrincipal,
  signOut,
} from './session.service';
import { signInSucceeded, startSignIn } from './sign-in-throttle.service';

function forwardCookies(from: Response, reply: FastifyReply): void {
  const cookies = from.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  routes.post(
    '/api/v1/login',
    {
      // Throttled per account and per address in the database (sign-in-throttle.service.ts).
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password',
        body: loginSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const start = await startSignIn(ctx, { email: request.body.email, address: request.ip });
      if ('retryAfterSeconds' in start) {
        reply.header('retry-after', String(start.retryAfterSeconds));
        throw new ProblemError('too-many-attempts');
      }
      const response = await ctx.auth.api.signInEmail({
        body: { email: request.body.email, password: request.body.password },
        headers: authHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 401 || response.status === 400) throw new ProblemError('invalid-credentials');
      if (!response.ok) throw new Error(`sign-in failed with ${response.status}`);
      await signInSucceeded(ctx, start.attempt);
      const signedIn = (await response.json()) as { token: string; user: { id: string } };
      const warn = (message: string) => request.log.warn(message);
      const entry = await findDirectoryEntry(db, signedIn.user.id, warn);
      if (!entry) {
        // An account that belongs to no school gets no session.
        await dropSession(db, signedIn.token);
        throw new ProblemError('not-in-directory', SPEC_MESSAGES.notInDirectory);
      }
      try {
        await refuseIfSsoRequired(db, entry, 'password');
      } catch (error) {
        await dropSession(db, signedIn.token);
        throw error;
      }
      await recordPasswordSignIn(db, entry, signedIn.token);
      forwardCookies(response, reply);
      return describeSession(db, entry);
    },
  );

  routes.post(
    '/api/v1/logout',
    {
      // Signing out must work with a stale or missing session too.
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign out and clear the session cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.headers.cookie) forwardCookies(await signOut(ctx, request.headers), reply);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/session',
    {
      // A TV asks who it is too: the screen page checks that it is a TV account.
      config: { access: 'authenticated', screens: true },
      schema: {
        tags: ['session'],
        summary: 'Who is signed in and what they may do',
        response: { 200: sessionSchema },
      },
    },
    async (request) => describeSession(db, request.principal),
  );

  routes.get(
    '/api/v1/sessions',
    {
      // Everyone sees and ends their own sessions only: the routes take no person.
      config: { access: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: "The signed-in account's open sessions: how, on what and when each was opened",
        response: { 200: z.array(signedInSessionSchema) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await sessionsOfPrincipal(ctx, request.principal)),
  );

  routes.delete(
    '/api/v1/sessions/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: "End one of the signed-in account's sessions (a phone left somewhere)",
        params: z.object({ id: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endOwnSessions(ctx, request.principal, { id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    '/api/v1/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['session'],
        summary: 'End every session of the signed-in account but this one',
        response: { 200: z.object({ ended: z.number() }) },
      },
    },
    async (request) => ({ ended: await endOwnSessions(ctx, request.principal, 'others') }),
  );

  routes.delete(
    '/api/v1/people/:id/sessions',
    {
      // Who may make a person's password link may sign them out everywhere.
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: 'Sign a person out on every device (a lost phone)',
        params: z.object({ id: idSchema }),
        response: { 200: z.object({ ended: z.number() }) },
      },
    },
    async (request) => ({
      ended: await endSessionsOfPerson(ctx, request.principal, request.params.id),
    }),
  );

  routes.get(
    '/api/v1/time',
    {
      // A TV's clock panel is set by it, like a phone's countdown.
      config: { access: 'authenticated', screens: true },
      schema: {
        tags: ['session'],
        summary: "The server's clock, so that phones with a wrong clock still show correct countdowns",
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async () => ({ now: new Date().toISOString() }),
  );
}
