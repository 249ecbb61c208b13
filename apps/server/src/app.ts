import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { configureFieldErrors } from '@tun/shared';
import { authOptions, createAuth, loadAuthSecret } from './auth/auth';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { JOB_HANDLERS } from './jobs/job-handlers';
import { JobRunner } from './jobs/job-runner';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  problem,
  registerProblemHandlers,
  sendProblem,
} from './http/problem';
import { registerSecurity } from './http/security';
import { registerTextGuard } from './http/text-guard';
import { LiveBus } from './live/bus';
import { registerLiveId } from './live/live-id';
import { liveRoutes } from './live/live.routes';
import { appSettingsRoutes } from './modules/app-settings/app-settings.routes';
import { createFeatureGate } from './modules/app-settings/feature-gate';
import { electivesRoutes } from './modules/electives/electives.routes';
import { filesRoutes } from './modules/files/files.routes';
import { foodKitchenRoutes } from './modules/food/food-kitchen.routes';
import { foodMenusRoutes } from './modules/food/food-menus.routes';
import { fileUploadsRoutes } from './modules/files/uploads.routes';
import { startUploadSweep } from './modules/files/uploads.service';
import { groupsRoutes } from './modules/groups/groups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { houseRoutes } from './modules/house/house.routes';
import { leaveRoutes } from './modules/leave/leave.routes';
import { linesRoutes } from './modules/lines/lines.routes';
import { casesRoutes } from './modules/maintenance/cases.routes';
import { maintenanceRoundsRoutes } from './modules/maintenance/maintenance-rounds.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { startNotificationSweep } from './modules/notifications/notifications.service';
import { passwordLinksRoutes } from './modules/password-links/password-links.routes';
import { signInLinksRoutes } from './modules/sign-in-links/sign-in-links.routes';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { peopleImportRoutes } from './modules/people-import/people-import.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { screenContentRoutes } from './modules/screens/screen-content.routes';
import { screensRoutes } from './modules/screens/screens.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { pushRoutes } from './modules/push/push.routes';
import { roomsRoutes } from './modules/rooms/rooms.routes';
import { supervisionRoutes } from './modules/supervision/supervision.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { calendarFeedsRoutes } from './modules/calendar-feeds/calendar-feeds.routes';
import { attendanceReportsRoutes } from './modules/attendance-reports/attendance-reports.routes';
import { attendanceTagsRoutes } from './modules/attendance-tags/attendance-tags.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { attendanceProposalsRoutes } from './modules/attendance-proposals/attendance-proposals.routes';
import { schoolRoutes } from './modules/school/school.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { studentsRoutes } from './modules/students/students.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { accessPlugin } from './policy/access';
import { createFileStorage } from './storage';
import { spaRoutes } from './web/spa.routes';

/** Every feature's routes; a new feature adds its module here. */
const ROUTE_MODULES = [
  healthRoutes,
  setupRoutes,
  sessionRoutes,
  schoolRoutes,
  appSettingsRoutes,
  liveRoutes,
  peopleRoutes,
  peopleImportRoutes,
  passwordLinksRoutes,
  signInLinksRoutes,
  passkeysRoutes,
  ssoRoutes,
  privacyRoutes,
  roomsRoutes,
  linesRoutes,
  studentsRoutes,
  electivesRoutes,
  groupsRoutes,
  supervisionRoutes,
  houseRoutes,
  leaveRoutes,
  calendarRoutes,
  calendarFeedsRoutes,
  attendanceRoutes,
  attendanceProposalsRoutes,
  attendanceTagsRoutes,
  attendanceReportsRoutes,
  filesRoutes,
  fileUploadsRoutes,
  postsRoutes,
  notificationsRoutes,
  pushRoutes,
  screensRoutes,
  screenContentRoutes,
  foodMenusRoutes,
  foodKitchenRoutes,
  casesRoutes,
  maintenanceRoundsRoutes,
];

export interface BuildOptions {
  /** Extra routes, registered like the feature modules (the tests use this). */
  extraRoutes?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The longest id a route takes: an event id (`entryId@start#target`) runs past the default 100.
    routerOptions: { maxParamLength: 300 },
    // Closing drops idle keep-alive sockets at once and lets requests under way finish (the
    // live streams are ended by their own preClose hook); the database closes after them.
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });

  const database = openDatabase(config);
  try {
    // Migrations need no real secret; the secret itself is stored by our migrations.
    await migrate(database, authOptions(config, database, 'migrations-need-no-secret-0123456789'));
    const auth = createAuth(authOptions(config, database, await loadAuthSecret(config, database)));
    const live = new LiveBus(database, app.log);
    await live.start();
    const storage = await createFileStorage(config);
    const jobs = new JobRunner({ handlers: JOB_HANDLERS, pollMs: config.jobPollMs });
    const ctx: AppContext = { config, database, auth, live, storage, jobs, log: app.log };
    const stopUploadSweep = startUploadSweep(ctx);
    const stopNotificationSweep = startNotificationSweep(ctx);
    app.addHook('onClose', async () => {
      // Handlers under way use the database, the bus and the store: they finish first.
      await jobs.stop();
      await stopNotificationSweep();
      await stopUploadSweep();
      await storage.close();
      await live.stop();
      await database.close();
    });

    registerLiveId(app, live);
    configureFieldErrors();
    // The API speaks JSON only; anything else is a 415, not a string for the schema to refuse.
    app.removeContentTypeParser('text/plain');
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerProblemHandlers(app);
    app.setNotFoundHandler((_request, reply) => sendProblem(reply, problem('not-found')));

    await registerSecurity(app, config);
    registerTextGuard(app);
    // Answers above 1 KB go out brotli or gzip, as the browser accepts, at brotli's quality 4:
    // a few times smaller for well under a millisecond. Built assets come compressed from the
    // build (spa.routes), the live stream is written raw, and file downloads opt out. Request
    // bodies are not inflated: the body limit then holds for what a client really sends.
    await app.register(compress, { threshold: 1024, globalDecompression: false });
    await app.register(rateLimit, { global: false });
    const features = createFeatureGate({ database, live });
    app.addHook('onClose', async () => features.stop());
    await app.register(accessPlugin, { auth, db: database.db, afterSignIn: features.check });

    await app.register(swagger, {
      openapi: {
        info: { title: 'Tun API', version: '1.0.0', description: 'Skoleadministrasjon for folkehøgskoler' },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(async (docs) => {
      // The documentation is public, like the API's shape itself.
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    });

    for (const routes of ROUTE_MODULES) await app.register(async (scope) => routes(scope, ctx));
    if (options.extraRoutes) {
      const extra = options.extraRoutes;
      await app.register(async (scope) => extra(scope, ctx));
    }
    await app.register(async (scope) => spaRoutes(scope, ctx));

    await app.ready();
    // Only once the app is whole: a job may need anything the routes' modules set up.
    jobs.start(ctx);
    return { app, ctx };
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
