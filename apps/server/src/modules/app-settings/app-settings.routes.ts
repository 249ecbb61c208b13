import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appSettingsInputSchema, appSettingsSchema } from '@tun/shared';
import { resolvePrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { changeAppSettings, getAppSettings, manifestOf } from './app-settings.service';
import { MANIFEST_CONTENT_TYPE } from './manifest';

export async function appSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  routes.get(
    '/api/v1/app-settings',
    {
      // The screens of everyone at the school show the name, logo and colour.
      config: { access: 'schoolInfo:view' },
      schema: {
        tags: ['app-settings'],
        summary: "The school's app: name on phones, logo, colour, default language and features on or off",
        response: { 200: appSettingsSchema },
      },
    },
    async (request) => getAppSettings(db, request.principal.schoolId),
  );

  routes.put(
    '/api/v1/app-settings',
    {
      config: { access: 'schoolInfo:change' },
      schema: {
        tags: ['app-settings'],
        summary: "Save the school's app settings; a feature switched off answers 404 for everyone",
        body: appSettingsInputSchema,
        response: { 200: appSettingsSchema },
      },
    },
    async (request) => changeAppSettings(ctx, request.principal, request.body),
  );

  routes.get(
    '/manifest.webmanifest',
    {
      // Browsers fetch the manifest before anyone signs in: Tun's own then, the school's after.
      config: { access: 'public' },
      schema: { hide: true },
    },
    async (request, reply) => {
      let schoolId: string | null = null;
      let renewed = false;
      if (request.headers.cookie) {
        try {
          const principal = await resolvePrincipal(
            { auth: ctx.auth, db },
            request.headers,
            (message) => request.log.warn(message),
            (cookies) => {
              renewed = cookies.length > 0;
              if (renewed) reply.header('set-cookie', cookies);
            },
          );
          schoolId = principal.schoolId;
        } catch (error) {
          // No session, or an account of no school: the manifest is Tun's own.
          if (!(error instanceof ProblemError)) throw error;
        }
      }
      const manifest = await manifestOf(db, schoolId);
      // Asked again at every start, so a renamed app shows its new name; it differs by session.
      return reply
        .type(MANIFEST_CONTENT_TYPE)
        .header('cache-control', renewed ? 'private, no-cache' : 'no-cache')
        .header('vary', 'cookie')
        .send(JSON.stringify(manifest));
    },
  );
}
