import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  personSsoIdentitySchema,
  SSO_ERRORS,
  ssoProviderCreateSchema,
  ssoProviderSchema,
  ssoProviderUpdateSchema,
  ssoRequirementSchema,
  ssoSettingsSchema,
  type SsoError,
} from '@tun/shared';
import { readCookie } from '../../auth/principal';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { openSignedInSession } from '../session/session.service';
import { SIGN_IN_CEREMONIES_PER_ADDRESS } from '../session/sign-in-throttle.service';
import { finishSsoSignIn, SSO_SIGN_IN_MINUTES, startSsoSignIn } from './sso-sign-in.service';
import {
  addProvider,
  changeProvider,
  identitiesOfPerson,
  removeProvider,
  setRequiredForStaff,
  ssoSettings,
  unlinkIdentity,
} from './sso.service';

/** Ties a sign-in on its way through a provider to the browser that started it. */
const BROWSER_COOKIE = 'tun_sso';
const COOKIE_PATH = '/api/v1/login/sso';

/** The callback's query, bounded: a provider sends a handful of short parameters. */
const callbackQuerySchema = z
  .record(z.string().max(100), z.string().max(4000))
  .refine((query) => Object.keys(query).length <= 20);

export async function ssoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  const signInLimit = {
    max: SIGN_IN_CEREMONIES_PER_ADDRESS,
    timeWindow: '1 minute',
    keyGenerator: (request: { ip: string }) => `sso|${request.ip}`,
    errorResponseBuilder: () => new ProblemError('too-many-attempts'),
  };

  /** Back to the login page, which shows the error in the person's language. */
  function toLogin(reply: FastifyReply, code: SsoError) {
    return reply
      .header(
        'set-cookie',
        `${BROWSER_COOKIE}=; Max-Age=0; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`,
      )
      .header('cache-control', 'no-store')
      .redirect(`/login?sso-error=${code}`, 303);
  }

  routes.get(
    '/api/v1/sso',
    {
      config: { access: 'schoolInfo:change' },
      schema: {
        tags: ['sso'],
        summary: "The school's single sign-on providers and whether staff must use them",
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request) => ssoSettings(ctx, request.principal.schoolId),
  );

  routes.put(
    '/api/v1/sso/requirement',
    {
      config: { access: 'schoolInfo:change' },
      schema: {
        tags: ['sso'],
        summary: 'Require staff to sign in through a provider, or stop requiring it',
        body: ssoRequirementSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setRequiredForStaff(ctx, request.principal, request.body.requiredForStaff);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/v1/sso/providers',
    {
      config: { access: 'schoolInfo:change' },
      schema: {
        tags: ['sso'],
        summary: 'Add a single sign-on provider (checked by fetching its discovery document)',
        body: ssoProviderCreateSchema,
        response: { 201: ssoProviderSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addProvider(ctx, request.principal, request.body)),
  );

  routes.patch(
    '/api/v1/sso/providers/:id',
    {
      config: { access: 'schoolInfo:change' },
      schema: {
        tags: ['sso'],
        summary: 'Change a provider; a secret left out is kept',
        params: z.object({ id: idSchema }),
        body: ssoProviderUpdateSchema,
        response: { 200: ssoProviderSchema },
      },
    },
    async (request) => changeProvider(ctx, request.principal, request.params.id, request.body),
  );

  routes.delete(
    '/api/v1/sso/providers/:id',
    {
      config: { access: 'schoolInfo:change' },
      schema: {
        tags: ['sso'],
        summary: 'Remove a provider and the links of accounts at it',
        params: z.object({ id: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeProvider(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/people/:id/sso-identities',
    {
      // Those who change people see how they sign in, and can undo a wrong link.
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: "The accounts at the school's providers linked to a person",
        params: z.object({ id: idSchema }),
        response: { 200: z.array(personSsoIdentitySchema) },
      },
    },
    async (request) => identitiesOfPerson(ctx, request.principal, request.params.id),
  );

  routes.delete(
    '/api/v1/people/:id/sso-identities/:identityId',
    {
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: 'Unlink an account at a provider from a person',
        params: z.object({ id: idSchema, identityId: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unlinkIdentity(ctx, request.principal, request.params.id, request.params.identityId);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/login/sso/callback',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: {
        tags: ['sso'],
        summary: "The provider's way back: opens a session and goes on to the page asked for",
        querystring: callbackQuerySchema,
      },
    },
    async (request, reply) => {
      const browserToken = request.headers.cookie
        ? readCookie(request.headers.cookie, BROWSER_COOKIE)
        : undefined;
      try {
        const { userId, returnTo } = await finishSsoSignIn(ctx, { query: request.query, browserToken });
        const { cookie } = await openSignedInSession(ctx, userId, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          method: 'oidc',
          warn: (message) => request.log.warn(message),
        });
        return reply
          .header('set-cookie', [
            cookie,
            `${BROWSER_COOKIE}=; Max-Age=0; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`,
          ])
          .header('cache-control', 'no-store')
          .redirect(returnTo, 303);
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        request.log.info({ code: error.code, detail: error.detail }, 'single sign-on refused');
        // A person who left has no entry in the directory any more: to them, an unknown account.
        const code =
          error.code === 'not-in-directory'
            ? 'sso-unknown-account'
            : (SSO_ERRORS.find((known) => known === error.code) ?? 'sso-failed');
        return toLogin(reply, code);
      }
    },
  );

  routes.get(
    '/api/v1/login/sso/:id',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: {
        tags: ['sso'],
        summary: "Start signing in through a provider: goes on to the provider's sign-in page",
        params: z.object({ id: idSchema }),
        // The page that sent the person to the login page, as the login form's own ?redirect=.
        querystring: z.object({ redirect: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      try {
        const { location, browserToken } = await startSsoSignIn(
          ctx,
          request.params.id,
          request.query.redirect,
        );
        return reply
          .header(
            'set-cookie',
            `${BROWSER_COOKIE}=${browserToken}; Max-Age=${SSO_SIGN_IN_MINUTES * 60}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`,
          )
          .header('cache-control', 'no-store')
          .redirect(location, 303);
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        return toLogin(
          reply,
          error.code === 'sso-provider-unavailable' ? 'sso-provider-unavailable' : 'sso-failed',
        );
      }
    },
  );
}
