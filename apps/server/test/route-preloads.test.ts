/**
 * index.html per page: the opened page's own chunks are named in its head, so the browser
 * fetches them with the entry instead of after it, and the data it fetches at start, the whole
 * catalog (docs/decisions/028-first-load.md).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { grantsOf, type Role } from '@tun/shared';
import { APP_FEATURES } from '@tun/shared/app-settings';
import { pageDataPaths, type PageAnswer, type PageViewer } from '@tun/shared/page-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { FRAME_TEXTS_FILE, PageShells } from '../src/web/route-preloads';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-A1.js"></script>' +
  '<link rel="modulepreload" href="/assets/vendor-B2.js"></head><body><div id="root"></div></body></html>';

const FRAMED_INDEX = INDEX.replace(
  '<div id="root"></div>',
  '<div id="root"><div class="tun-boot" aria-hidden="true"><div class="tun-boot-page"></div></div></div>',
);

/** As the web build writes them from the catalogs (vite.config.ts, frameTexts). */
const FRAME_TEXTS = {
  nb: {
    greeting: 'Hei, {{name}}!',
    school: 'Velkommen til {{school}}.',
    loginTitle: 'Logg inn',
    loginIntro: 'Logg inn med e-post.',
    loginIntroSso: 'Logg inn med skolekontoen din.',
  },
  nn: {
    greeting: 'Hei, {{name}}!',
    school: 'Velkomen til {{school}}.',
    loginTitle: 'Logg inn',
    loginIntro: 'Logg inn med e-post.',
    loginIntroSso: 'Logg inn med skulekontoen din.',
  },
  en: {
    greeting: 'Hello, {{name}}!',
    school: 'Welcome to {{school}}.',
    loginTitle: 'Log in',
    loginIntro: 'Log in with email & password.',
    loginIntroSso: 'Sign in with your school account.',
  },
};

describe('page shells', () => {
  const shells = new PageShells(INDEX, {
    '/app/attendance': ['/assets/attendance-page-C3.js', '/assets/vendor-B2.js', '/assets/shared-D4.css'],
    '/app/janitor/cases/$caseId': ['/assets/case-page-E5.js'],
    '/app/dashboard': ['/assets/nb-F6.json', '/assets/evil.json"x'],
    '/app/evil': ['/assets/x.js"><script>alert(1)</script>', 'https://example.com/a.js'],
  });

  it("names a page's chunks and styles in its head, not those index.html names already", () => {
    const html = shells.htmlFor('app/attendance');
    // At low priority, as index.html names the start's: the styles, and the frame they draw, first.
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/attendance-page-C3.js">',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-D4.css">');
    expect(html.match(/vendor-B2\.js/g)).toHaveLength(1);
    expect(html.indexOf('attendance-page-C3.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('matches a parameter segment, and gives any other path index.html as built', () => {
    expect(shells.htmlFor('app/janitor/cases/abc123')).toContain('case-page-E5.js');
    expect(shells.htmlFor('app/janitor/cases')).toBe(INDEX);
    expect(shells.htmlFor('app/attendance/extra')).toBe(INDEX);
    expect(shells.htmlFor('')).toBe(INDEX);
  });

  it('names only built files, so a damaged list cannot put markup or another origin in the page', () => {
    expect(shells.htmlFor('app/evil')).toBe(INDEX);
  });

  it("shows the app's frame only when asked, on the root index.html draws it in", () => {
    expect(shells.htmlFor('app/dashboard', { appFrame: true })).toContain(
      '<div id="root" class="tun-app-frame">',
    );
    expect(shells.htmlFor('app/dashboard')).not.toContain('tun-app-frame');
  });

  it("draws the dashboard's heading in the frame, in the language asked, its values as text", () => {
    const framed = new PageShells(FRAMED_INDEX, {}, FRAME_TEXTS);
    const heading = { language: 'en' as const, firstName: 'Åse <b>', school: 'Tun & "Fjell"' };
    expect(framed.htmlFor('app/dashboard', { appFrame: true, heading })).toContain(
      '<div class="tun-boot-page" lang="en"><h1 class="tun-boot-title">Hello, Åse &lt;b&gt;!</h1>' +
        '<p class="tun-boot-text">Welcome to Tun &amp; &quot;Fjell&quot;.</p></div>',
    );
    expect(
      framed.htmlFor('app/dashboard', { appFrame: true, heading: { ...heading, language: 'nn' } }),
    ).toContain('Velkomen til');
    // No frame, or no texts from the build: the page as before.
    expect(framed.htmlFor('app/dashboard', { heading })).toBe(FRAMED_INDEX);
    expect(new PageShells(FRAMED_INDEX, {}).htmlFor('app/dashboard', { appFrame: true, heading })).toBe(
      FRAMED_INDEX.replace('<div id="root">', '<div id="root" class="tun-app-frame">'),
    );
  });

  it("draws the login page's title and intro in the frame as its layout, in the language asked", () => {
    const framed = new PageShells(FRAMED_INDEX, {}, FRAME_TEXTS);
    const html = framed.htmlFor('login', { login: { language: 'en', sso: false } });
    expect(html).toContain('<div id="root" class="tun-public-frame">');
    expect(html).toContain(
      '<div class="tun-boot-page" lang="en"><div class="tun-boot-card"><h1 class="tun-boot-title">Log in</h1>' +
        '<p class="tun-boot-intro">Log in with email &amp; password.</p></div></div>',
    );
    expect(html).not.toContain('tun-app-frame');
    expect(framed.htmlFor('login', { login: { language: 'nn', sso: true } })).toContain(
      '<p class="tun-boot-intro">Logg inn med skulekontoen din.</p>',
    );
    // No texts from the build, or an index.html without the frame: the page as before.
    expect(new PageShells(FRAMED_INDEX, {}).htmlFor('login', { login: { language: 'nb', sso: false } })).toBe(
      FRAMED_INDEX,
    );
    expect(
      new PageShells(INDEX, {}, FRAME_TEXTS).htmlFor('login', { login: { language: 'nb', sso: false } }),
    ).toBe(INDEX);
  });

  it('preloads the data a page fetches at start (the whole catalog) as a fetch the app reuses', () => {
    const html = shells.htmlFor('app/dashboard');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/nb-F6.json">');
    expect(html).not.toContain('evil');
  });
});

describe('the data a page fetches first', () => {
  const occurrence = '5dc77885-a394-4804-b677-8dfc517aad22@1795506300000#d9179ead';

  it("names the session and the bell's count on every page under /app, and a sheet's own answers", () => {
    expect(pageDataPaths('app/dashboard', new URLSearchParams())).toEqual([
      '/api/v1/session',
      '/api/v1/notifications?unread=true&limit=1',
    ]);
    const sheet = pageDataPaths('app/attendance', new URLSearchParams({ type: 'event', id: occurrence }));
    // The ids encoded as the web encodes them, or the browser would fetch the answer twice.
    expect(sheet).toContain(`/api/v1/attendance/events/${encodeURIComponent(occurrence)}`);
    expect(sheet).toContain(`/api/v1/calendar/events/${encodeURIComponent(occurrence)}`);
    expect(pageDataPaths('login', new URLSearchParams())).toEqual(['/api/v1/setup']);
    expect(pageDataPaths('login/x', new URLSearchParams())).toEqual([]);
    expect(pageDataPaths('application', new URLSearchParams())).toEqual([]);
    // Not an event, or an id no event has: the sheet is not guessed at.
    expect(pageDataPaths('app/attendance', new URLSearchParams({ type: 'student', id: 'x' }))).toHaveLength(
      2,
    );
    const long = new URLSearchParams({ type: 'event', id: 'x'.repeat(201) });
    expect(pageDataPaths('app/attendance', long)).toHaveLength(2);
  });

  it("names the dashboard's cards' data as the person sees them, at the page's time", () => {
    const viewer = (roles: Role[], features: PageViewer['features'] = [...APP_FEATURES]): PageViewer => ({
      user: { id: 'p1' },
      features,
      ...grantsOf(roles),
    });
    // Wednesday 25 November 2026, 10:07:30 in Oslo: the window starts at 10:05, the menu's week on Monday.
    const now = Date.parse('2026-11-25T09:07:30Z');
    const dashboard = (who: PageViewer) =>
      pageDataPaths('app/dashboard', new URLSearchParams(), who, now).slice(2);
    const events =
      '/api/v1/calendar?from=2026-11-25T09%3A05%3A00.000Z&to=2026-12-02T09%3A05%3A00.000Z&person=p1';
    expect(dashboard(viewer(['admin']))).toEqual([
      '/api/v1/school',
      events,
      '/api/v1/posts?limit=3',
      '/api/v1/supervision',
      '/api/v1/food/menu?week=2026-11-23',
      '/api/v1/leave?status=pending',
    ]);
    // A student sees their own attendance, and decides no leave.
    const student = dashboard(viewer([]));
    expect(student).toContain('/api/v1/attendance/me/summary');
    expect(student).not.toContain('/api/v1/leave?status=pending');
    // A card whose feature the school switched off asks for nothing.
    expect(dashboard(viewer(['admin'], []))).toEqual(['/api/v1/school', events]);
    // Only the dashboard's HTML names them.
    expect(pageDataPaths('app/calendar', new URLSearchParams(), viewer(['admin']), now)).toHaveLength(2);
  });

  it('writes their answers as a data block in the head that no answer can end or change', () => {
    const shells = new PageShells(INDEX, {});
    const answers = {
      '/api/v1/notifications?unread=true&limit=1': { liveId: 7, body: { total: 2 } },
      '/api/v1/posts?limit=3': {
        liveId: null,
        body: { title: "</script><script>alert(1)</script> <!-- $& $' \u2028 æøå" },
      },
    };
    const html = shells.htmlFor('app/dashboard', { answers });
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
    expect(html).not.toContain('<!--');
    const block = /<script type="application\/json" id="tun-page-answers">(.*?)<\/script>/.exec(html);
    expect(html.indexOf('tun-page-answers')).toBeLessThan(html.indexOf('</head>'));
    expect(JSON.parse(block![1]!)).toEqual(answers);
    expect(shells.htmlFor('app/dashboard')).toBe(INDEX);
  });
});

/** The answers a page's HTML carries, by API address. */
function answersIn(html: string): Record<string, PageAnswer> {
  const block = /<script type="application\/json" id="tun-page-answers">(.*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as Record<string, PageAnswer>) : {};
}

describe.each(dialects())('pages served on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  let adminCookie: string;
  let schoolId: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'tun-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), FRAMED_INDEX);
    writeFileSync(join(dist, FRAME_TEXTS_FILE), JSON.stringify(FRAME_TEXTS));
    writeFileSync(join(dist, 'assets', 'index-A1.js'), 'export {};');
    t = await createTestApp(dialect, { env: { WEB_DIST: dist } });
    ({ adminCookie, schoolId } = await setupSchool(t));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('name the data a signed-in page fetches first, and nothing for someone not signed in', async () => {
    const url = '/app/attendance?type=event&id=abc%40123';
    const signedIn = await t.request({ method: 'GET', url, cookie: adminCookie });
    const answers = answersIn(signedIn.body);
    expect(answers['/api/v1/session']!.body).toEqual(
      (await t.request({ method: 'GET', url: '/api/v1/session', cookie: adminCookie })).json(),
    );
    expect(answers['/api/v1/session']!.liveId).toEqual(expect.any(Number));
    // An event that does not exist: the page asks for itself, and shows the API's answer.
    expect(answers).not.toHaveProperty('/api/v1/attendance/events/abc%40123');
    const anonymous = await t.request({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain('/api/v1/');
  });

  it('carry the setup status in the login page for anyone: the form waits for it', async () => {
    const setup = (await t.request({ method: 'GET', url: '/api/v1/setup' })).json();
    expect(setup).toMatchObject({ needsSetup: false });
    for (const cookie of [undefined, adminCookie]) {
      const page = await t.request({ method: 'GET', url: '/login?redirect=%2Fapp%2Fpeople', cookie });
      expect(answersIn(page.body)).toEqual({ '/api/v1/setup': { liveId: null, body: setup } });
    }
  });

  it("draw the login page's heading in its frame, in the device's language, and not while Tun needs its setup", async () => {
    const page = await t.request({ method: 'GET', url: '/login' });
    expect(page.body).toContain('class="tun-public-frame"');
    expect(page.body).toContain('<div class="tun-boot-page" lang="nb">');
    expect(page.body).toContain('<p class="tun-boot-intro">Logg inn med e-post.</p>');
    const english = await t.request({ method: 'GET', url: '/login', cookie: 'tun.language=en' });
    expect(english.body).toContain('<h1 class="tun-boot-title">Log in</h1>');
    const unknown = await t.request({ method: 'GET', url: '/login', cookie: 'tun.language=xx' });
    expect(unknown.body).toContain('<div class="tun-boot-page" lang="nb">');

    // A new installation shows the setup wizard there, not the login form.
    const fresh = await createTestApp(dialect, { env: { WEB_DIST: dist } });
    try {
      const wizard = await fresh.request({ method: 'GET', url: '/login' });
      expect(answersIn(wizard.body)['/api/v1/setup']!.body).toMatchObject({ needsSetup: true });
      expect(wizard.body).not.toContain('tun-public-frame');
      expect(wizard.body).not.toContain('tun-boot-title');
    } finally {
      await fresh.close();
    }
  });

  it("name the dashboard's data for the person who opens it, each an answer they get", async () => {
    const student = await createPerson(t, schoolId, { login: true });
    const cookie = await login(t, student.email);
    const page = await t.request({ method: 'GET', url: '/app/dashboard', cookie });
    const answers = answersIn(page.body);
    const named = Object.keys(answers);
    expect(named).toContain('/api/v1/attendance/me/summary');
    expect(named.some((href) => href.includes(`person=${student.personId}`))).toBe(true);
    expect(named).not.toContain('/api/v1/leave?status=pending');
    for (const url of named) {
      const answer = await t.request({ method: 'GET', url, cookie });
      expect(answers[url]!.body, url).toEqual(answer.json());
    }
    // A cookie whose session does not hold: the page, with no one's data.
    const stale = await t.request({ method: 'GET', url: '/app/dashboard', cookie: 'tun.session_token=x.y' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).not.toContain('/api/v1/calendar');
  });

  it("draw the app's frame before the code on a signed-in page under /app, nowhere else", async () => {
    const frame = 'class="tun-app-frame"';
    const signedIn = await t.request({ method: 'GET', url: '/app/dashboard', cookie: adminCookie });
    expect(signedIn.body).toContain(frame);
    const anonymous = await t.request({ method: 'GET', url: '/app/dashboard' });
    expect(anonymous.body).not.toContain(frame);
    const login = await t.request({ method: 'GET', url: '/login', cookie: adminCookie });
    expect(login.body).not.toContain(frame);
  });

  it("greet on the dashboard in its HTML, in the device's language, else the school's", async () => {
    const person = await createPerson(t, schoolId, { login: true, first: 'Ingrid' });
    const cookie = await login(t, person.email);
    const greeting = async (extraCookie = '', url = '/app/dashboard') =>
      /<h1 class="tun-boot-title">(.*?)<\/h1>/.exec(
        (await t.request({ method: 'GET', url, cookie: `${cookie}${extraCookie}` })).body,
      )?.[1];
    expect(await greeting()).toBe('Hei, Ingrid!');
    expect(await greeting('; tun.language=en')).toBe('Hello, Ingrid!');
    // A value that is no language of the app: the school's.
    expect(await greeting('; tun.language=de')).toBe('Hei, Ingrid!');
    const settings = (
      await t.request({ method: 'GET', url: '/api/v1/app-settings', cookie: adminCookie })
    ).json<Record<string, unknown>>();
    const { logoUrl: _logoUrl, ...input } = settings;
    const put = (defaultLanguage: string) =>
      t.request({
        method: 'PUT',
        url: '/api/v1/app-settings',
        cookie: adminCookie,
        payload: { ...input, defaultLanguage },
      });
    expect((await put('en')).statusCode).toBe(200);
    try {
      expect(await greeting()).toBe('Hello, Ingrid!');
      expect(await greeting('; tun.language=nb')).toBe('Hei, Ingrid!');
    } finally {
      expect((await put('nb')).statusCode).toBe(200);
    }
    // Only the dashboard, and only for someone whose session holds.
    expect(await greeting('', '/app/calendar')).toBeUndefined();
    const stale = await t.request({ method: 'GET', url: '/app/dashboard', cookie: 'tun.session_token=x.y' });
    expect(stale.body).not.toContain('tun-boot-title');
  });

  it('send a hashed file only the headers a file needs, and the page all of them', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/index-A1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['permissions-policy']).toBeUndefined();
    const page = await t.request({ method: 'GET', url: '/app/dashboard' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toContain('camera=(self)');
  });
});
