import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context';
import { ProblemError } from '../http/problem';
import { LIVE_ID_HEADER } from '@tun/shared/live-topics';
import type { Session, SetupStatus } from '@tun/shared/auth';
import { APP_LANGUAGES, type AppLanguage } from '@tun/shared/app-settings';
import {
  API_BASE,
  DEVICE_DEFAULT_LANGUAGE,
  isAppPath,
  isDashboardPath,
  LANGUAGE_COOKIE,
  pageDataPaths,
  SESSION_PATH,
  SETUP_PATH,
  type PageAnswer,
} from '@tun/shared/page-data';
import { carriesSessionCookie, readCookie } from '../auth/principal';
import { PageShells, type FrameHeading, type LoginHeading } from './route-preloads';

function filesUnder(root: string): Set<string> {
  if (!existsSync(root)) return new Set();
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
  return new Set(files);
}

/**
 * Files the browser asks for by name, where the app instead would be run as a script or taken for
 * an image: a missing one is a 404. Above all the service worker: served index.html, the browser
 * would fail to update it, and an installed app would keep its old one.
 */
const NEVER_THE_APP = /^(assets|icons)\/|\.(js|mjs|css|map|webmanifest)$/;

/**
 * Checked by the browser on every start so that a new deploy reaches everyone (a service worker
 * is otherwise kept up to a day). It lives at the root, so its scope is the whole app.
 */
const REVALIDATED = new Set(['sw.js']);

/**
 * The answers to `paths` as the request's session (or, without one, anyone) gets them from the
 * API itself (the same routes, checks and cache), for the page's HTML to carry: those that
 * answered 200 with JSON. A renewed session cookie goes with the page.
 */
async function pageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  paths: readonly string[],
): Promise<Record<string, PageAnswer>> {
  if (paths.length === 0) return {};
  const cookie = request.headers.cookie;
  const responses = await Promise.all(
    paths.map((url) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })),
  );
  const answers: Record<string, PageAnswer> = {};
  const renewed = new Set<string>();
  responses.forEach((response, index) => {
    const setCookie = response.headers['set-cookie'];
    for (const value of [setCookie ?? []].flat()) renewed.add(value);
    if (response.statusCode !== 200 || !String(response.headers['content-type']).includes('json')) return;
    const liveId = Number(response.headers[LIVE_ID_HEADER.toLowerCase()]);
    answers[paths[index]!] = {
      liveId: Number.isSafeInteger(liveId) ? liveId : null,
      body: response.json(),
    };
  });
  if (renewed.size > 0) reply.header('set-cookie', [...renewed]);
  return answers;
}

/** The language chosen on the device (the web app's cookie), if any. */
function chosenLanguage(request: FastifyRequest): AppLanguage | undefined {
  const chosen = request.headers.cookie && readCookie(request.headers.cookie, LANGUAGE_COOKIE);
  return (APP_LANGUAGES as readonly string[]).includes(chosen ?? '') ? (chosen as AppLanguage) : undefined;
}

/**
 * The dashboard's heading as the person will see it: in the language chosen on the device, else
 * the school's, as the app itself decides (lib/i18n.ts).
 */
function dashboardHeading(request: FastifyRequest, session: Session): FrameHeading {
  const language = chosenLanguage(request) ?? session.app.defaultLanguage;
  return { language, firstName: session.user.name.first, school: session.school.longName };
}

/**
 * The login page's heading as the page will draw it, from the setup status the page carries: in
 * the device's language, else the app's first one. None while Tun needs its setup (the page then
 * shows the setup wizard).
 */
function loginHeading(request: FastifyRequest, setup: SetupStatus | undefined): LoginHeading | undefined {
  if (setup === undefined || setup.needsSetup) return undefined;
  return { language: chosenLanguage(request) ?? DEVICE_DEFAULT_LANGUAGE, sso: setup.sso.length > 0 };
}

/** index.html's modification time, or 0 when there is none. */
function builtAt(root: string): number {
  try {
    return statSync(join(root, 'index.html')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Serves the built web app. A path that is not a file gets index.html (history fallback), so
 * every route of the app opens directly; the app itself shows its not-found page. index.html
 * names the opened page's code for preloading (PageShells). Hashed
 * assets are cached for a year, index.html never. The build writes a brotli and a gzip copy of
 * every text file beside it; the one the browser accepts is sent as it is.
 */
export async function spaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = ctx.config.webDist;
  let files = filesUnder(root);
  let scannedAt = Date.now();
  if (!files.has('index.html')) app.log.warn(`The web app is not built (${root}); run npm run build.`);
  // Read again when a rebuild has written a new index.html (new hashes, new list).
  let shells = PageShells.load(root);
  let shellsBuiltAt = builtAt(root);
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (path === 'api' || path.startsWith('api/')) throw new ProblemError('not-found');
    // A file we do not know may come from a rebuild since start-up: look again, at most every 5 s.
    if (!files.has(path) && /\.[a-z0-9]+$/i.test(path) && Date.now() - scannedAt > 5000) {
      files = filesUnder(root);
      scannedAt = Date.now();
    }
    if (REVALIDATED.has(path) && files.has(path)) {
      return reply.header('cache-control', 'no-cache').sendFile(path, { cacheControl: false });
    }
    if (files.has(path)) {
      const immutable = path.startsWith('assets/');
      return reply.sendFile(path, { maxAge: immutable ? '365d' : 0, immutable });
    }
    // A missing asset is a 404, not the app: a browser would otherwise run HTML as a script.
    if (NEVER_THE_APP.test(path)) throw new ProblemError('not-found');
    const indexBuiltAt = builtAt(root);
    if (indexBuiltAt !== shellsBuiltAt) {
      shells = PageShells.load(root);
      shellsBuiltAt = indexBuiltAt;
    }
    if (!shells) throw new ProblemError('not-found', 'Nettappen er ikke bygd ennå (npm run build).');
    // The answers to what the page asks the API for first: a page under /app has them only for
    // someone signed in (anyone else is sent to the login page).
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const signedIn = await carriesSessionCookie(ctx.auth, request.headers);
    const search = new URLSearchParams(query);
    const firstPaths = signedIn || !isAppPath(path) ? pageDataPaths(path, search) : [];
    const answers = await pageAnswers(app, request, reply, firstPaths);
    // What the dashboard asks for depends on who opens it: the session answer just got tells.
    const session = answers[`${API_BASE}${SESSION_PATH}`]?.body as Session | undefined;
    const dashboard = session !== undefined && isDashboardPath(path);
    if (dashboard) {
      const more = pageDataPaths(path, search, session).filter((url) => !(url in answers));
      Object.assign(answers, await pageAnswers(app, request, reply, more));
    }
    const heading = dashboard ? dashboardHeading(request, session) : undefined;
    const setup = answers[`${API_BASE}${SETUP_PATH}`]?.body as SetupStatus | undefined;
    const login = loginHeading(request, setup);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shells.htmlFor(path, { answers, appFrame: signedIn && isAppPath(path), heading, login }));
  });
}
