import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emergencyInputSchema,
  emergencySchema,
  idSchema,
  pairingApproveSchema,
  pairingDenySchema,
  pairingStartSchema,
  pairingTokenInputSchema,
  pairingTokenSchema,
  pendingPairingSchema,
  screenInputSchema,
  screenPatchSchema,
  screenSchema,
  userCodeSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import {
  approvePairing,
  denyPairing,
  exchangeDeviceCode,
  findPendingPairing,
  startPairing,
} from './pairing.service';
import {
  changeScreen,
  createScreen,
  deleteScreen,
  listScreens,
  loadEmergency,
  lowerEmergency,
  raiseEmergency,
  requestReload,
  revokeScreen,
} from './screens.service';

const params = z.object({ id: idSchema });

/** /api/v1/screens…: pairing (RFC 8628), the school's screens, the emergency banner. */
export async function screensRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actor = (principal: { schoolId: string; personId: string }) => ({
    schoolId: principal.schoolId,
    personId: principal.personId,
  });

  routes.post(
    '/api/v1/screens/pairing',
    {
      config: {
        // A TV has no one signed in yet.
        access: 'public',
        // A TV starts a code when its page opens and every 10 minutes after; a few a minute from
        // one address is a school pairing its screens. LOGIN_RATE_LIMIT scales it, as for sign-in.
        rateLimit: {
          max: ctx.config.loginRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request) => `screen-pairing|${request.ip}`,
          errorResponseBuilder: () => new ProblemError('too-many-attempts'),
        },
      },
      schema: {
        tags: ['screens'],
        summary: 'Start pairing a TV (RFC 8628 device authorization): a code to show, a secret to poll with',
        response: { 201: pairingStartSchema },
      },
    },
    async (_request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await startPairing(ctx)),
  );

  routes.post(
    '/api/v1/screens/pairing/token',
    {
      config: {
        // The device code is the credential here.
        access: 'public',
        // A TV polls every 5 s (12 a minute); a dozen TVs behind one school address fit.
        rateLimit: {
          max: ctx.config.loginRateLimit * 12,
          timeWindow: '1 minute',
          keyGenerator: (request) => `screen-token|${request.ip}`,
          errorResponseBuilder: () => new ProblemError('too-many-attempts'),
        },
      },
      schema: {
        tags: ['screens'],
        summary:
          "The TV polls: 400 authorization-pending, slow-down, expired-token or access-denied; once approved, the screen's TV session, once",
        body: pairingTokenInputSchema,
        response: { 200: pairingTokenSchema },
      },
    },
    async (request, reply) => {
      const { screenId, cookie } = await exchangeDeviceCode(ctx, request.body.deviceCode, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').send({ screenId });
    },
  );

  routes.get(
    '/api/v1/screens/pairing/:userCode',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: 'A code shown on a TV, while it waits for approval (404 pairing-code-unknown otherwise)',
        params: z.object({ userCode: userCodeSchema }),
        response: { 200: pendingPairingSchema },
      },
    },
    async (request) => findPendingPairing(ctx, request.params.userCode),
  );

  routes.post(
    '/api/v1/screens/pairing/approve',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: "Approve a TV's code for an existing screen or a new one; the TV signs in as the screen",
        body: pairingApproveSchema,
        response: { 200: screenSchema },
      },
    },
    async (request) => approvePairing(ctx, actor(request.principal), request.body),
  );

  routes.post(
    '/api/v1/screens/pairing/deny',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: "Refuse a TV's code: the TV is told access-denied",
        body: pairingDenySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await denyPairing(ctx, actor(request.principal), request.body.userCode);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/screens',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: "The school's screens with their status, by name",
        response: { 200: z.array(screenSchema) },
      },
    },
    async (request) => listScreens(ctx.database.db, request.principal.schoolId),
  );

  routes.post(
    '/api/v1/screens',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: 'Create a screen (paired later)',
        body: screenInputSchema,
        response: { 201: screenSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createScreen(ctx, actor(request.principal), request.body)),
  );

  routes.get(
    '/api/v1/screens/emergency',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: "The emergency banner on the school's screens, or null",
        response: { 200: emergencySchema },
      },
    },
    async (request) => loadEmergency(ctx.database.db, request.principal.schoolId),
  );

  routes.put(
    '/api/v1/screens/emergency',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: 'Raise (or change) the emergency banner on every screen of the school at once',
        body: emergencyInputSchema,
        response: { 200: emergencySchema },
      },
    },
    async (request) => raiseEmergency(ctx, actor(request.principal), request.body),
  );

  routes.delete(
    '/api/v1/screens/emergency',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: 'Lower the emergency banner (answers null)',
        response: { 200: emergencySchema },
      },
    },
    async (request) => lowerEmergency(ctx, actor(request.principal)),
  );

  routes.patch(
    '/api/v1/screens/:id',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: "Change a screen's name, place, layout or schedule",
        params,
        body: screenPatchSchema,
        response: { 200: screenSchema },
      },
    },
    async (request) => changeScreen(ctx, actor(request.principal), request.params.id, request.body),
  );

  routes.delete(
    '/api/v1/screens/:id',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: 'Delete a screen; its TV is signed out and its TV account removed',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteScreen(ctx, actor(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/v1/screens/:id/revoke',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: 'Unpair a screen: its TV is signed out at once and goes back to pairing',
        params,
        response: { 200: screenSchema },
      },
    },
    async (request) => revokeScreen(ctx, actor(request.principal), request.params.id),
  );

  routes.post(
    '/api/v1/screens/:id/reload',
    {
      config: { access: 'screens:manage' },
      schema: {
        tags: ['screens'],
        summary: '«Last inn på nytt»: the TV reloads its page',
        params,
        response: { 200: screenSchema },
      },
    },
    async (request) => requestReload(ctx, actor(request.principal), request.params.id),
  );
}
