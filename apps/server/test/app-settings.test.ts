/**
 * The school's app settings (docs/decisions/022-installed-app.md): defaults without a row, who
 * may change them, what is refused, the feature switches and their gate, the session's view of
 * them, the web app manifest, and how the server serves the service worker.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_FEATURES,
  canOwn,
  DEFAULT_THEME_COLOR,
  type AppSettings,
  type AppSettingsInput,
  type Session,
} from '@tun/shared';
import { nowIso } from '../src/db/database';
import { AUDIENCES, createPerson, createSchool, listenLive, login, setupSchool } from './factories';
import {
  createTestApp,
  createTestAppOn,
  createTestDatabase,
  dialects,
  type TestApp,
  type TestDatabase,
} from './helper';
import { postInput } from './posts-factories';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** A file of the archive with its bytes in the store, so that serving it can be checked. */
async function insertStoredFile(
  t: TestApp,
  schoolId: string,
  file: { name: string; contentType: string; bytes?: Buffer },
): Promise<string> {
  const id = randomUUID();
  const bytes = file.bytes ?? PNG;
  const key = `app-settings-${id}`;
  await t.ctx.storage.put(key, bytes);
  const now = nowIso();
  await t.ctx.database.db
    .insertInto('file')
    .values({
      id,
      school_id: schoolId,
      folder_id: null,
      name: file.name,
      name_key: file.name.toLowerCase(),
      size: bytes.length,
      content_type: file.contentType,
      md5_hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
      generation: '1',
      metageneration: 1,
      custom_metadata: '{}',
      storage_key: key,
      has_thumbnail: 0,
      uploaded_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const allOn = () => Object.fromEntries(APP_FEATURES.map((f) => [f, true])) as AppSettingsInput['features'];

function settingsInput(overrides: Partial<AppSettingsInput> = {}): AppSettingsInput {
  return {
    appName: 'Fjordtun-appen',
    shortName: 'Fjordtun',
    themeColor: '#2B6A3F',
    logoFileId: null,
    defaultLanguage: 'nn',
    features: allOn(),
    ...overrides,
  };
}

/** A web build with only what the server serves specially: the app and (optionally) its worker. */
function webDist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tun-web-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const INDEX_HTML = '<!doctype html><title>Tun</title><div id="root"></div>';
const SW_JS = "self.addEventListener('push', () => {});";

/** The manifest's members that make an app installable, as browsers and Lighthouse check them. */
function expectInstallable(manifest: Record<string, unknown>) {
  expect(typeof manifest.name).toBe('string');
  expect((manifest.name as string).length).toBeGreaterThan(0);
  expect(typeof manifest.short_name).toBe('string');
  expect(manifest.display).toBe('standalone');
  const base = 'https://tun.example';
  const start = new URL(manifest.start_url as string, base);
  const scope = new URL(manifest.scope as string, base);
  expect(start.origin).toBe(scope.origin);
  expect(start.pathname.startsWith(scope.pathname)).toBe(true);
  expect(manifest.start_url).toBe('/app/dashboard');
  expect(manifest.id).toBe('/app/dashboard');
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  const plain = icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any'));
  expect(plain.some((icon) => icon.sizes.split(' ').includes('192x192'))).toBe(true);
  expect(plain.some((icon) => icon.sizes.split(' ').includes('512x512'))).toBe(true);
  expect(
    icons.some((icon) => icon.purpose?.split(' ').includes('maskable') && icon.sizes === '512x512'),
  ).toBe(true);
  for (const icon of icons) {
    expect(icon.type).toBe('image/png');
    expect(icon.src).toMatch(/^\/icons\/[a-z0-9-]+\.png$/);
  }
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toBe('#ffffff');
  expect(manifest.categories).toEqual(['education']);
  const shortcuts = manifest.shortcuts as { name: string; url: string; icons: { sizes: string }[] }[];
  expect(shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Kalender', '/app/calendar'],
    ['Oppmøte', '/app/attendance'],
    ['Skann', '/app/scan'],
  ]);
  for (const shortcut of shortcuts) expect(shortcut.icons[0]?.sizes).toBe('192x192');
}

describe.each(dialects())('app settings on %s', (dialect) => {
  let database: TestDatabase;
  let t: TestApp;
  let dist: string;
  let schoolId: string;
  let adminCookie: string;
  let otherSchoolId: string;
  let otherAdminCookie: string;
  const cookies = new Map<string, string>();

  const get = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/app-settings', cookie });
  const put = (cookie: string, payload: unknown) =>
    t.request({ method: 'PUT', url: '/api/v1/app-settings', cookie, payload: payload as object });
  const session = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/v1/session', cookie })).json<Session>();

  beforeAll(async () => {
    dist = webDist({ 'index.html': INDEX_HTML, 'sw.js': SW_JS });
    database = await createTestDatabase(dialect);
    t = await createTestAppOn(database, dialect, { WEB_DIST: dist, LOGIN_RATE_LIMIT: '1000' });
    ({ schoolId, adminCookie } = await setupSchool(t));
    for (const audience of AUDIENCES) {
      const { email } = await createPerson(t, schoolId, { roles: audience.roles, login: true });
      cookies.set(audience.name, await login(t, email));
    }
    otherSchoolId = await createSchool(t, 'Nabotun');
    const other = await createPerson(t, otherSchoolId, { roles: ['admin'], login: true });
    otherAdminCookie = await login(t, other.email);
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the defaults before anyone saves: the short name, Tun’s colour, every feature on', async () => {
    const expected: AppSettings = {
      appName: 'Fjordtun',
      shortName: 'Fjordtun',
      themeColor: DEFAULT_THEME_COLOR,
      logoFileId: null,
      logoUrl: null,
      defaultLanguage: 'nb',
      features: allOn(),
    };
    for (const [name, cookie] of cookies) {
      const response = await get(cookie);
      // A TV account reads none of it: its screen's content carries what it shows (decision 024).
      if (name === 'tv') {
        expect(response.statusCode, name).toBe(403);
        continue;
      }
      expect(response.statusCode, name).toBe(200);
      expect(response.json()).toEqual(expected);
    }
    const described = await session(cookies.get('student')!);
    expect(described.features).toEqual([...APP_FEATURES]);
    expect(described.app).toEqual({
      name: 'Fjordtun',
      shortName: 'Fjordtun',
      themeColor: DEFAULT_THEME_COLOR,
      logoUrl: null,
      defaultLanguage: 'nb',
    });
    const rows = await t.ctx.database.db.selectFrom('app_settings').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('lets the admin save, audited and announced on the school topic, and everyone sees it', async () => {
    const logoId = await insertStoredFile(t, schoolId, { name: 'logo.png', contentType: 'image/png' });
    const live = await listenLive(t, schoolId);
    const input = settingsInput({ logoFileId: logoId });
    const response = await put(adminCookie, input);
    expect(response.statusCode, response.body).toBe(200);
    const saved: AppSettings = {
      ...input,
      // Stored as written by the colour picker, in lower case.
      themeColor: '#2b6a3f',
      logoUrl: `/api/v1/files/${logoId}/content?inline=1`,
    };
    expect(response.json()).toEqual(saved);
    expect((await get(cookies.get('student')!)).json()).toEqual(saved);
    await live.next((event) => event.topic === 'school' && event.ids.includes(schoolId));
    live.close();

    const described = await session(cookies.get('teacher')!);
    expect(described.app).toEqual({
      name: 'Fjordtun-appen',
      shortName: 'Fjordtun',
      themeColor: '#2b6a3f',
      logoUrl: saved.logoUrl,
      defaultLanguage: 'nn',
    });
    // The logo is an image everyone at the school may show.
    const logo = await t.request({ method: 'GET', url: saved.logoUrl!, cookie: cookies.get('student')! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'app_settings')
      .where('school_id', '=', schoolId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ appName: 'Fjordtun', logoFileId: null });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ appName: 'Fjordtun-appen', logoFileId: logoId });

    // Back to no logo: Tun's own.
    const cleared = await put(adminCookie, settingsInput());
    expect(cleared.json()).toMatchObject({ logoFileId: null, logoUrl: null });
  });

  it('refuses every role but the admin with 403 and changes nothing', async () => {
    const before = (await get(adminCookie)).json<AppSettings>();
    const refused = AUDIENCES.filter((audience) => !canOwn(audience.roles, 'schoolInfo:change'));
    expect(refused.map((audience) => audience.name)).toEqual(
      expect.arrayContaining(['teacher', 'janitor', 'kitchen', 'stipp', 'tv', 'student']),
    );
    for (const audience of AUDIENCES) {
      const allowed = canOwn(audience.roles, 'schoolInfo:change');
      if (allowed) continue;
      const response = await put(cookies.get(audience.name)!, settingsInput({ appName: 'Kapret' }));
      expect(response.statusCode, audience.name).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    const anonymous = await t.request({
      method: 'PUT',
      url: '/api/v1/app-settings',
      payload: settingsInput(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(adminCookie)).json()).toEqual(before);
  });

  it.each([
    ['a colour name', { themeColor: 'red' }, 'body.themeColor'],
    ['a short colour', { themeColor: '#2b6' }, 'body.themeColor'],
    ['a colour with a script', { themeColor: '#2b6a3f;x' }, 'body.themeColor'],
    ['a name with a line break', { appName: 'Fjord\ntun' }, 'body.appName'],
    ['a short name with a tab', { shortName: 'Fj\tord' }, 'body.shortName'],
    ['an empty name', { appName: '  ' }, 'body.appName'],
    ['a name over 30 characters', { appName: 'x'.repeat(31) }, 'body.appName'],
    ['a short name over 12 characters', { shortName: 'Fjordtunfolke' }, 'body.shortName'],
    ['an unknown language', { defaultLanguage: 'de' }, 'body.defaultLanguage'],
    ['an unknown feature', { features: { ...allOn(), chat: true } }, 'body.features'],
    ['a missing feature', { features: { ...allOn(), posts: undefined } }, 'body.features.posts'],
    ['a feature as text', { features: { ...allOn(), posts: 'av' } }, 'body.features.posts'],
    ['a logo id of no length', { logoFileId: '' }, 'body.logoFileId'],
  ])('refuses %s with 400 and changes nothing', async (_, overrides, path) => {
    const before = (await get(adminCookie)).json<AppSettings>();
    const response = await put(adminCookie, {
      ...settingsInput({ appName: 'Skal ikke lagres' }),
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().code).toBe('validation-failed');
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(
      paths.some((p: string) => p.startsWith(path)),
      JSON.stringify(paths),
    ).toBe(true);
    expect((await get(adminCookie)).json()).toEqual(before);
  });

  it('refuses a logo that is a PDF, an SVG, another school’s image or no file, with app-logo-invalid', async () => {
    const pdf = await insertStoredFile(t, schoolId, {
      name: 'plan.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n'),
    });
    const svg = await insertStoredFile(t, schoolId, {
      name: 'logo.svg',
      contentType: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    const foreign = await insertStoredFile(t, otherSchoolId, { name: 'logo.png', contentType: 'image/png' });
    const before = (await get(adminCookie)).json<AppSettings>();
    for (const logoFileId of [pdf, svg, foreign, randomUUID(), '../etc/passwd']) {
      const response = await put(adminCookie, settingsInput({ appName: 'Skal ikke lagres', logoFileId }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'app-logo-invalid',
        errors: [{ path: 'body.logoFileId' }],
      });
    }
    expect((await get(adminCookie)).json()).toEqual(before);
    const audits = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'app_settings')
      .where('after', 'like', '%Skal ikke lagres%')
      .execute();
    expect(audits).toEqual([]);
  });

  it('switches posts off for everyone of the school, admins included, and on again with nothing lost', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: adminCookie,
      payload: postInput({ title: 'Velkommen' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json<{ id: string }>().id;
    const feed = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/posts', cookie });
    // The feed is read (and cached) before the switch: the switch must reach past any cache.
    expect((await feed(cookies.get('student')!)).statusCode).toBe(200);

    const off = await put(adminCookie, settingsInput({ features: { ...allOn(), posts: false } }));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().features.posts).toBe(false);

    for (const [name, cookie] of cookies) {
      for (const url of ['/api/v1/posts', `/api/v1/posts/${postId}`, `/api/v1/posts/${postId}/reads`]) {
        const response = await t.request({ method: 'GET', url, cookie });
        expect(response.statusCode, `${url} as ${name}`).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(response.json().code).toBe('not-found');
      }
      // Even a role the table would refuse: the feature is simply not there.
      const write = await t.request({ method: 'POST', url: '/api/v1/posts', cookie, payload: postInput() });
      expect(write.statusCode, `POST as ${name}`).toBe(404);
      // The rest of Tun works as before (a TV account never reads people: decision 024).
      const people = await t.request({ method: 'GET', url: '/api/v1/people', cookie });
      expect(people.statusCode, `people as ${name}`).toBe(name === 'tv' ? 403 : 200);
      expect((await session(cookie)).features).not.toContain('posts');
    }
    // Every route the feature owns.
    const postRoutes = t.app.declaredRoutes().filter((r) => r.url.startsWith('/api/v1/posts'));
    expect(postRoutes.length).toBeGreaterThan(5);
    for (const route of postRoutes) {
      const url = route.url.replace(':id', postId);
      const response = await t.request({
        method: route.method as 'GET',
        url,
        cookie: adminCookie,
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    // The signed-out are told to sign in, as before.
    const anonymous = await t.request({ method: 'GET', url: '/api/v1/posts' });
    expect(anonymous.statusCode).toBe(401);
    // Another school is not touched.
    expect((await feed(otherAdminCookie)).statusCode).toBe(200);
    expect((await session(otherAdminCookie)).features).toContain('posts');

    const on = await put(adminCookie, settingsInput());
    expect(on.statusCode).toBe(200);
    const back = await feed(cookies.get('student')!);
    expect(back.statusCode).toBe(200);
    expect(back.json().posts.map((p: { id: string }) => p.id)).toContain(postId);
    const one = await t.request({ method: 'GET', url: `/api/v1/posts/${postId}`, cookie: adminCookie });
    expect(one.json()).toMatchObject({ id: postId, title: 'Velkommen' });
    expect((await session(adminCookie)).features).toEqual([...APP_FEATURES]);
  });

  it('closes every feature’s routes and keeps the rest, and keeps the logo visible with the archive off', async () => {
    const logoId = await insertStoredFile(t, schoolId, { name: 'merke.png', contentType: 'image/png' });
    const otherImage = await insertStoredFile(t, schoolId, { name: 'bilde.png', contentType: 'image/png' });
    const none = Object.fromEntries(APP_FEATURES.map((f) => [f, false])) as AppSettingsInput['features'];
    const saved = await put(adminCookie, settingsInput({ features: none, logoFileId: logoId }));
    expect(saved.statusCode, saved.body).toBe(200);

    const samples: Record<string, string> = {
      posts: '/api/v1/posts',
      files: '/api/v1/files',
      attendance: `/api/v1/attendance/preliminary?from=2026-01-05&to=2026-01-06`,
      groups: '/api/v1/groups',
      supervision: '/api/v1/supervision',
    };
    for (const [feature, url] of Object.entries(samples)) {
      const response = await t.request({ method: 'GET', url, cookie: adminCookie });
      expect(response.statusCode, `${feature}: ${url}`).toBe(404);
      expect(response.json().code).toBe('not-found');
    }
    for (const url of ['/api/v1/people', '/api/v1/school', '/api/v1/rooms', '/api/v1/app-settings']) {
      expect((await t.request({ method: 'GET', url, cookie: adminCookie })).statusCode, url).toBe(200);
    }
    const logo = await t.request({
      method: 'GET',
      url: `/api/v1/files/${logoId}/content?inline=1`,
      cookie: cookies.get('student')!,
    });
    expect(logo.statusCode).toBe(200);
    const other = await t.request({
      method: 'GET',
      url: `/api/v1/files/${otherImage}/content?inline=1`,
      cookie: cookies.get('student')!,
    });
    expect(other.statusCode).toBe(404);
    expect((await session(adminCookie)).features).toEqual([]);

    expect((await put(adminCookie, settingsInput())).statusCode).toBe(200);
    for (const url of Object.values(samples)) {
      const response = await t.request({ method: 'GET', url, cookie: adminCookie });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });

  it('leaves another school at its own settings', async () => {
    expect(
      (await put(adminCookie, settingsInput({ features: { ...allOn(), groups: false } }))).statusCode,
    ).toBe(200);
    const theirs = await t.request({ method: 'GET', url: '/api/v1/app-settings', cookie: otherAdminCookie });
    expect(theirs.json()).toMatchObject({ appName: 'Nabotun', features: allOn() });
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/groups', cookie: otherAdminCookie })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/groups', cookie: adminCookie })).statusCode).toBe(
      404,
    );
    // Saving in one school leaves the other's settings unsaved: still its defaults.
    const described = await session(otherAdminCookie);
    expect(described.app).toMatchObject({ name: 'Nabotun', themeColor: DEFAULT_THEME_COLOR });
    expect((await put(adminCookie, settingsInput())).statusCode).toBe(200);
  });

  if (dialect === 'postgres') {
    it('reaches the gate of another instance on the same database', async () => {
      const second = await createTestAppOn(database, dialect, { WEB_DIST: dist });
      try {
        const url = '/api/v1/groups';
        // The second instance has read the switches once and keeps them.
        expect((await second.request({ method: 'GET', url, cookie: adminCookie })).statusCode).toBe(200);
        const heard = await listenLive(second, schoolId);
        expect(
          (await put(adminCookie, settingsInput({ features: { ...allOn(), groups: false } }))).statusCode,
        ).toBe(200);
        await heard.next((event) => event.topic === 'school');
        heard.close();
        expect((await second.request({ method: 'GET', url, cookie: adminCookie })).statusCode).toBe(404);
        expect((await put(adminCookie, settingsInput())).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    });
  }

  describe('the web app manifest', () => {
    const manifest = (cookie?: string) =>
      t.request({ method: 'GET', url: '/manifest.webmanifest', ...(cookie ? { cookie } : {}) });

    it('is Tun’s own for someone not signed in, and installable', async () => {
      const response = await manifest();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const body = response.json();
      expect(body).toMatchObject({
        name: 'Tun',
        short_name: 'Tun',
        lang: 'nb',
        theme_color: DEFAULT_THEME_COLOR,
      });
      expect(body.description).toMatch(/folkehøgskole/);
      expectInstallable(body);
      // A stale or forged cookie is someone not signed in, not an error.
      const stale = await manifest('tun.session_token=nope.nope');
      expect(stale.statusCode).toBe(200);
      expect(stale.json().name).toBe('Tun');
    });

    it('carries the school’s name, short name, colour and language for someone signed in', async () => {
      expect(
        (
          await put(
            adminCookie,
            settingsInput({ appName: 'Fjordtun', shortName: 'Fjord', defaultLanguage: 'en' }),
          )
        ).statusCode,
      ).toBe(200);
      const body = (await manifest(cookies.get('student')!)).json();
      expect(body).toMatchObject({
        name: 'Fjordtun',
        short_name: 'Fjord',
        theme_color: '#2b6a3f',
        background_color: '#ffffff',
        lang: 'en',
      });
      expectInstallable(body);
      // Another school's user gets their school's defaults.
      const theirs = (await manifest(otherAdminCookie)).json();
      expect(theirs).toMatchObject({ name: 'Nabotun', short_name: 'Nabotun', lang: 'nb' });
      expectInstallable(theirs);
    });

    it('is allowed by the content security policy, as is the service worker', async () => {
      const csp = (await manifest()).headers['content-security-policy'] as string;
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("worker-src 'self'");
    });
  });

  describe('the service worker', () => {
    it('is served from the root, revalidated at every start', async () => {
      const response = await t.request({ method: 'GET', url: '/sw.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(SW_JS);
    });

    it('leaves the app’s pages to the app, but never answers a missing script or icon with it', async () => {
      const page = await t.request({ method: 'GET', url: '/app/setup/app' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX_HTML);
      for (const url of ['/workbox-1234abcd.js', '/icons/pwa-192x192.png', '/registerSW.js']) {
        const response = await t.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('<div id="root">');
      }
    });
  });
});

describe('a web build without its service worker', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = webDist({ 'index.html': INDEX_HTML });
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers /sw.js with 404, never with the app, and still serves the manifest', async () => {
    const worker = await t.request({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(404);
    expect(worker.headers['content-type']).toMatch(/^application\/problem\+json/);
    const manifest = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json().name).toBe('Tun');
  });
});
