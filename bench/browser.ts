/**
 * The web app in a real browser (PERFORMANCE.md, "web: cold load of the attendance sheet"):
 * headless Chromium signed in as a teacher loads the 60-student sheet and the dashboard, cold and
 * warm, from today's build and from the reference build of commit f53c100 (bench/reference-build.ts),
 * which a second process of today's server serves on the same database, in the same run. Cold
 * /login, signed out and asking for gzip (the budget's unit), gives the JavaScript needed to
 * render it.
 *
 * - Cold: a fresh browser context (empty HTTP cache, no service worker, no storage) that only
 *   holds the session cookie.
 * - Warm: a second tab in the same context after the cold visit, the HTTP cache filled. The
 *   service worker is bypassed (CDP Network.setBypassServiceWorker) in both visits, so warm
 *   measures HTTP caching (immutable hashed assets, revalidated index.html) like for like with
 *   the reference, which has no service worker; before the warm visit the worker the cold visit
 *   registered is waited for, so that its precaching does not run during the measurement.
 * - Visible: performance.now() in the page (from its navigation start) at the first animation
 *   frame in which the content is in the DOM and rendered (checkVisibility): the sheet's 60th
 *   student row; the dashboard's h1 and its first card («next events») with its loader gone; the
 *   login form's password field.
 * - Requests: those that reached the network (not answered from the HTTP cache), from navigation
 *   until the network has been quiet for 500 ms (the live-updates stream, open all the time, is
 *   counted but not waited for). Bytes: Network.loadingFinished encodedDataLength (compressed
 *   body and headers), for a request still open the bytes received so far.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import puppeteer, { type Browser, type BrowserContext, type CDPSession, type Page } from 'puppeteer-core';
import { login, type Account } from './dataset';
import { referenceWebDist, REFERENCE_COMMIT } from './reference-build';
import type { BenchContext } from './scenarios';
import { startServer } from './server';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const VIEWPORT = { width: 1280, height: 800 };
const NAVIGATION_TIMEOUT_MS = 30_000;
const QUIET_MS = 500;
/** Rounds measured; one more before them, unmeasured, so that no server answers from a cold cache. */
export const BROWSER_ROUNDS = 5;

export const BROWSER_BUDGET = {
  /** Cold sheet. */
  coldRequests: 30,
  coldKB: 350,
  /** Cold sheet visible within this share of the reference's time. */
  visibleRatio: 0.5,
  /** Compressed JavaScript a cold /login loads. */
  loginJsKB: 180,
};

export interface VisitFigures {
  visibleMs: number;
  /** Requests that went to the network. */
  requests: number;
  /** Requests answered from the HTTP cache. */
  cached: number;
  bytes: number;
  /** Of `bytes`: JavaScript responses, their headers left out. */
  jsBytes: number;
}

export interface PageSamples {
  cold: VisitFigures[];
  warm: VisitFigures[];
}

export interface BuildMeasurement {
  sheet: PageSamples;
  dashboard: PageSamples;
  /** Cold, signed out. */
  login: VisitFigures[];
}

export interface BrowserMeasurement {
  rounds: number;
  teacherEmail: string;
  current: BuildMeasurement;
  reference?: BuildMeasurement;
  /** Why the reference has no figures: it could not be built, served or loaded. */
  referenceError?: string;
}

type Track = (label: string, stop: () => Promise<void>) => () => Promise<void>;

/** The first teacher of the dataset's school, signed in through the admin's password link. */
async function teacherLogin(ctx: BenchContext): Promise<Account> {
  const admin = { cookie: ctx.dataset.admin.cookie, 'content-type': 'application/json' };
  const list = await fetch(`${ctx.baseUrl}/api/v1/people?role=teacher`, { headers: admin });
  const teachers = (await list.json()) as { id: string }[];
  const teacher = teachers[0];
  if (list.status !== 200 || !teacher) throw new Error(`GET /api/v1/people?role=teacher gave no teacher`);
  const link = await fetch(`${ctx.baseUrl}/api/v1/people/${teacher.id}/password-link`, {
    method: 'POST',
    headers: admin,
    body: '{}',
  });
  const token = new URL(((await link.json()) as { url: string }).url).searchParams.get('token');
  const password = 'bench-laerer-passord-1';
  const set = await fetch(`${ctx.baseUrl}/api/v1/password-links/set`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  if (set.status !== 200) throw new Error(`POST /api/v1/password-links/set answered ${set.status}`);
  const { email } = (await set.json()) as { email: string };
  return login(ctx.baseUrl, { email, password });
}

/**
 * When the content counts as visible, as an expression evaluated in the page every animation
 * frame: its time (performance.now()) once it is, else false. Text, since the bench is compiled
 * without the DOM's types.
 */
const VISIBLE = {
  sheet: `(() => {
    const rows = document.querySelectorAll('li[data-student-id]');
    return rows.length >= 60 && rows[59].checkVisibility() ? performance.now() : false;
  })()`,
  dashboard: `(() => {
    const heading = document.querySelector('h1');
    const card = document.querySelector('section[aria-labelledby="dashboard-next-events"]');
    // The cards appear together (visibility: hidden until then), which checkVisibility() alone ignores.
    return heading && card && heading.checkVisibility() && card.checkVisibility({ visibilityProperty: true }) &&
      !card.querySelector('.mantine-Loader-root') ? performance.now() : false;
  })()`,
  login: `(() => {
    const password = document.querySelector('input[type="password"]');
    return password && password.checkVisibility() ? performance.now() : false;
  })()`,
};

/** Counts what one tab sends and receives, from before its first navigation. */
async function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, { fromCache: boolean; bytes: number; js: boolean; headerBytes: number }>();
  const entry = (id: string) => {
    let found = requests.get(id);
    if (!found) {
      found = { fromCache: false, bytes: 0, js: false, headerBytes: 0 };
      requests.set(id, found);
    }
    return found;
  };
  let redirects = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    if (event.redirectResponse) redirects += 1;
    entry(event.requestId);
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    entry(event.requestId).fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const found = requests.get(event.requestId);
    if (!found) return;
    const { response } = event;
    if (response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache) {
      found.fromCache = true;
    }
    found.js = /javascript/.test(response.mimeType);
    // Received so far: the headers, as the body has not begun.
    found.headerBytes = response.encodedDataLength;
  });
  cdp.on('Network.dataReceived', (event) => {
    const found = requests.get(event.requestId);
    if (found) found.bytes += event.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const found = requests.get(event.requestId);
    if (found) found.bytes = event.encodedDataLength;
  });
  await cdp.send('Network.enable');
  // Every visit goes past the service worker (see the header).
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  return (): Omit<VisitFigures, 'visibleMs'> => {
    const all = [...requests.values()];
    const network = all.filter((request) => !request.fromCache);
    return {
      requests: network.length + redirects,
      cached: all.length - network.length,
      bytes: network.reduce((sum, request) => sum + request.bytes, 0),
      jsBytes: network
        .filter((request) => request.js)
        .reduce((sum, request) => sum + Math.max(0, request.bytes - request.headerBytes), 0),
    };
  };
}

/** One visit in a new tab of the context; the tab is left open for the caller to close. */
async function visit(
  context: BrowserContext,
  url: string,
  visible: string,
  acceptEncoding?: string,
): Promise<{ page: Page; figures: VisitFigures }> {
  const page = await context.newPage();
  await page.setViewport(VIEWPORT);
  const cdp = await page.createCDPSession();
  const counted = await watchNetwork(cdp);
  if (acceptEncoding)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': acceptEncoding } });
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: NAVIGATION_TIMEOUT_MS });
  let visibleMs: number;
  try {
    const handle = await page.waitForFunction(visible, { polling: 'raf', timeout: NAVIGATION_TIMEOUT_MS });
    visibleMs = (await handle.jsonValue()) as number;
  } catch (error) {
    await page.close();
    throw new Error(
      `${url}: the content did not become visible (the tab ended at ${page.url()}): ${String(error)}`,
    );
  }
  await page
    .waitForNetworkIdle({ idleTime: QUIET_MS, concurrency: 1, timeout: NAVIGATION_TIMEOUT_MS })
    .catch(() => undefined);
  return { page, figures: { visibleMs, ...counted() } };
}

/** Waits (bounded) until a service worker the page registered is active, so its precache is done. */
async function serviceWorkerSettled(page: Page): Promise<void> {
  await page
    .evaluate(
      `'serviceWorker' in navigator
        ? navigator.serviceWorker.getRegistration().then((registration) => registration &&
            Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 15000))]))
        : undefined`,
    )
    .catch(() => undefined);
}

async function signedInContext(browser: Browser, baseUrl: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.createBrowserContext();
  const host = new URL(baseUrl).hostname;
  await context.setCookie(
    ...cookie.split('; ').map((pair) => {
      const split = pair.indexOf('=');
      return {
        name: pair.slice(0, split),
        value: pair.slice(split + 1),
        domain: host,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax' as const,
      };
    }),
  );
  return context;
}

/** Cold, then warm in the same context. */
async function coldAndWarm(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  path: string,
  visible: string,
): Promise<{ cold: VisitFigures; warm: VisitFigures }> {
  const context = await signedInContext(browser, baseUrl, cookie);
  try {
    const first = await visit(context, `${baseUrl}${path}`, visible);
    await serviceWorkerSettled(first.page);
    await first.page.close();
    const second = await visit(context, `${baseUrl}${path}`, visible);
    await second.page.close();
    return { cold: first.figures, warm: second.figures };
  } finally {
    await context.close();
  }
}

async function coldLogin(browser: Browser, baseUrl: string): Promise<VisitFigures> {
  const context = await browser.createBrowserContext();
  try {
    // The budget is stated in gzip bytes; Chromium would otherwise take brotli, which is smaller.
    const { page, figures } = await visit(context, `${baseUrl}/login`, VISIBLE.login, 'gzip');
    await page.close();
    return figures;
  } finally {
    await context.close();
  }
}

const emptyBuild = (): BuildMeasurement => ({
  sheet: { cold: [], warm: [] },
  dashboard: { cold: [], warm: [] },
  login: [],
});

async function round(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  sheetPath: string,
  into: BuildMeasurement | undefined,
): Promise<void> {
  const sheet = await coldAndWarm(browser, baseUrl, cookie, sheetPath, VISIBLE.sheet);
  const dashboard = await coldAndWarm(browser, baseUrl, cookie, '/app/dashboard', VISIBLE.dashboard);
  const login = await coldLogin(browser, baseUrl);
  if (!into) return;
  into.sheet.cold.push(sheet.cold);
  into.sheet.warm.push(sheet.warm);
  into.dashboard.cold.push(dashboard.cold);
  into.dashboard.warm.push(dashboard.warm);
  into.login.push(login);
}

/**
 * Every round loads today's build and the reference in turn (which first alternates), so that a
 * busy moment of this shared machine falls on both alike.
 */
export async function measureBrowser(
  ctx: BenchContext,
  track: Track,
  progress: (message: string) => void,
): Promise<BrowserMeasurement> {
  // Without a built web app every visit would only wait for its timeout.
  const index = await fetch(`${ctx.baseUrl}/login`);
  if (index.status !== 200) {
    throw new Error(`GET /login answered ${index.status}: the web app is not built (npm run build)`);
  }
  const teacher = await teacherLogin(ctx);
  const sheetPath = `/app/attendance?type=event&id=${encodeURIComponent(ctx.dataset.sheetEventId)}`;
  const result: BrowserMeasurement = {
    rounds: BROWSER_ROUNDS,
    teacherEmail: teacher.email,
    current: emptyBuild(),
  };

  let referenceUrl: string | undefined;
  let stopReference: (() => Promise<void>) | undefined;
  try {
    const webDist = await referenceWebDist(progress);
    const server = await startServer(ctx.database, { webDist });
    stopReference = track(`stop the reference web server (pid ${server.pid})`, server.stop);
    referenceUrl = server.url;
  } catch (error) {
    result.referenceError = `reference ${REFERENCE_COMMIT}: ${error instanceof Error ? error.message : String(error)}`;
  }

  const chrome: LaunchedChrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  const stopChrome = track(
    `stop Chromium (pid ${chrome.pid})`,
    () =>
      new Promise<void>((resolve) => {
        const child = chrome.process;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        chrome.kill();
      }),
  );
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      if (referenceUrl) result.reference = emptyBuild();
      for (let index = 0; index <= BROWSER_ROUNDS; index += 1) {
        const measured = index > 0;
        progress(`  browser round ${index}/${BROWSER_ROUNDS}${measured ? '' : ' (warm-up, not counted)'}…`);
        const builds: [string, BuildMeasurement | undefined][] = [[ctx.baseUrl, result.current]];
        if (referenceUrl && result.reference) {
          const reference: [string, BuildMeasurement | undefined] = [referenceUrl, result.reference];
          if (index % 2 === 0) builds.unshift(reference);
          else builds.push(reference);
        }
        for (const [baseUrl, into] of builds) {
          try {
            await round(browser, baseUrl, teacher.cookie, sheetPath, measured ? into : undefined);
          } catch (error) {
            // The old app against today's API: say so and go on with today's build alone.
            if (baseUrl !== referenceUrl) throw error;
            result.referenceError = `reference ${REFERENCE_COMMIT}: ${error instanceof Error ? error.message : String(error)}`;
            delete result.reference;
            referenceUrl = undefined;
          }
        }
      }
      return result;
    } finally {
      await browser.disconnect();
    }
  } finally {
    await stopChrome();
    await stopReference?.();
  }
}
