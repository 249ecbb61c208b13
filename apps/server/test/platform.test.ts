import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, SPEC_MESSAGES } from '@tun/shared';
import {
  createOrphanAccount,
  createPerson,
  createSchool,
  login,
  PASSWORD,
  setupInput,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('platform on %s', (dialect) => {
  /** An app whose school the first-run wizard made: Fjordtun, with its admin Astrid Rektor. */
  let t: TestApp;
  let schoolId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const setup = await t.request({ method: 'POST', url: '/api/v1/setup', payload: setupInput() });
    expect(setup.statusCode, setup.body).toBe(201);
    schoolId = setup.json<{ schoolId: string }>().schoolId;
  });
  afterAll(() => t.close());

  it('answers health', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });

  describe('first run', () => {
    /** An app with no school yet: no test here runs the wizard on it. */
    let empty: TestApp;
    beforeAll(async () => {
      empty = await createTestApp(dialect);
    });
    afterAll(() => empty.close());

    it('needs setup while no school exists', async () => {
      const response = await empty.request({ method: 'GET', url: '/api/v1/setup' });
      expect(response.json()).toEqual({ needsSetup: true, emailLink: false, sso: [] });
    });

    it('refuses bad wizard input with Norwegian field errors and writes nothing', async () => {
      const input = setupInput({ email: 'ikke-en-epost', password: 'kort' });
      const response = await empty.request({ method: 'POST', url: '/api/v1/setup', payload: input });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
      const body = response.json();
      expect(body.code).toBe('validation-failed');
      expect(body.title).toBe('Noen av feltene er ugyldige.');
      expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'body.admin.email',
        'body.admin.password',
      ]);
      expect((await empty.request({ method: 'GET', url: '/api/v1/setup' })).json()).toEqual({
        needsSetup: true,
        emailLink: false,
        sso: [],
      });
      expect(await empty.ctx.database.db.selectFrom('school').select('id').execute()).toEqual([]);
    });

    it('creates the school and its first admin, then answers 403 forever', async () => {
      // An app of its own: the wizard runs once.
      const fresh = await createTestApp(dialect);
      try {
        const { adminCookie } = await setupSchool(fresh);
        const session = await fresh.request({ method: 'GET', url: '/api/v1/session', cookie: adminCookie });
        expect(session.statusCode).toBe(200);
        expect(session.json().user.roles).toEqual(['admin']);
        expect(session.json().school).toMatchObject({
          shortName: 'Fjordtun',
          longName: 'Fjordtun folkehøgskole',
        });
        expect((await fresh.request({ method: 'GET', url: '/api/v1/setup' })).json()).toEqual({
          needsSetup: false,
          emailLink: false,
          sso: [],
        });

        const again = await fresh.request({
          method: 'POST',
          url: '/api/v1/setup',
          payload: setupInput({ email: 'ny@x.no' }),
        });
        expect(again.statusCode).toBe(403);
        expect(again.json()).toMatchObject({ code: 'setup-done', title: 'Tun er allerede satt opp.' });
        const schools = await fresh.ctx.database.db.selectFrom('school').select('id').execute();
        expect(schools).toHaveLength(1);
        const audit = await fresh.ctx.database.db.selectFrom('audit_log').selectAll().execute();
        expect(audit.map((row) => row.action)).toContain('setup');
      } finally {
        await fresh.close();
      }
    });
  });

  describe('sign-in', () => {
    it('sets an httpOnly SameSite=Lax session cookie and describes the session', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'REKTOR@fjordtun.no', password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === 'tun.session_token');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const body = response.json();
      expect(body.user.name).toEqual({ first: 'Astrid', last: 'Rektor' });
      expect(body.actions).toContain('roles:change');
      expect(body.ownActions).toEqual([]);
    });

    it('answers a wrong password with a Norwegian 401 problem', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'rektor@fjordtun.no', password: 'feil-passord-999' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'invalid-credentials',
        title: 'Feil e-post eller passord.',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'finnes.ikke@fjordtun.no', password: PASSWORD },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid-credentials');
    });

    it('refuses an account without a school (SPEC §8) and leaves no session', async () => {
      const email = await createOrphanAccount(t);
      const before = await t.ctx.database.db.selectFrom('session').select('id').execute();
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'not-in-directory',
        detail: SPEC_MESSAGES.notInDirectory,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      const after = await t.ctx.database.db.selectFrom('session').select('id').execute();
      expect(after).toHaveLength(before.length);
    });

    it('answers 401 without a session (SPEC §8)', async () => {
      const response = await t.request({ method: 'GET', url: '/api/v1/session' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'unauthenticated',
        detail: SPEC_MESSAGES.unauthenticated,
      });
      const forged = await t.request({
        method: 'GET',
        url: '/api/v1/session',
        cookie: 'tun.session_token=forged.value',
      });
      expect(forged.statusCode).toBe(401);
    });

    it('logs out: the session ends and the cookie is cleared', async () => {
      const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const cookie = await login(t, email);
      const out = await t.request({ method: 'POST', url: '/api/v1/logout', cookie });
      expect(out.statusCode).toBe(204);
      const cleared = out.cookies.find((c) => c.name === 'tun.session_token');
      expect(cleared?.value).toBe('');
      const after = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
      expect(after.statusCode).toBe(401);
    });

    it('refuses a session cookie with a wrong signature, an expired session and a removed person', async () => {
      const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const cookie = await login(t, email);
      const [name, value] = cookie.split('=') as [string, string];
      const token = decodeURIComponent(value).split('.')[0]!;
      const tampered = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
      expect((await t.request({ method: 'GET', url: '/api/v1/time', cookie: tampered })).statusCode).toBe(
        401,
      );
      const unsigned = `${name}=${token}`;
      expect((await t.request({ method: 'GET', url: '/api/v1/time', cookie: unsigned })).statusCode).toBe(
        401,
      );
      expect((await t.request({ method: 'GET', url: '/api/v1/time', cookie })).statusCode).toBe(200);
      // The signed cookie is remembered once it has verified; a forgery of its token is not.
      expect((await t.request({ method: 'GET', url: '/api/v1/time', cookie: tampered })).statusCode).toBe(
        401,
      );

      // Remembered or not, the session is read on every request: it stops as it expires.
      const { db } = t.ctx.database;
      const past = new Date(Date.now() - 1000);
      await db
        .updateTable('session')
        .set({ expiresAt: t.dialect === 'sqlite' ? past.toISOString() : past })
        .where('token', '=', token)
        .execute();
      expect((await t.request({ method: 'GET', url: '/api/v1/time', cookie })).statusCode).toBe(401);

      const other = await login(t, email);
      await db.deleteFrom('person').where('id', '=', personId).execute();
      const gone = await t.request({ method: 'GET', url: '/api/v1/time', cookie: other });
      expect(gone.statusCode).toBe(403);
      expect(gone.json()).toMatchObject({ code: 'not-in-directory', detail: SPEC_MESSAGES.notInDirectory });
    });

    it('extends a session that is in use once it is a day old', async () => {
      const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const cookie = await login(t, email);
      const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
      const { db } = t.ctx.database;
      // As if signed in 29 days ago: one day left.
      const soon = new Date(Date.now() + 24 * 60 * 60 * 1000);
      await db
        .updateTable('session')
        .set({ expiresAt: t.dialect === 'sqlite' ? soon.toISOString() : soon })
        .where('token', '=', token)
        .execute();
      const response = await t.request({ method: 'GET', url: '/api/v1/time', cookie });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'tun.session_token')?.maxAge).toBeGreaterThan(
        29 * 24 * 3600,
      );
      const row = await db
        .selectFrom('session')
        .select('expiresAt')
        .where('token', '=', token)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    });

    it('skips unknown role ids with a warning instead of failing', async () => {
      const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      await t.ctx.database.db
        .insertInto('person_role')
        .values({ person_id: personId, school_id: schoolId, role: 'trollmann' })
        .execute();
      const cookie = await login(t, email);
      const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
      expect(session.statusCode).toBe(200);
      expect(session.json().user.roles).toEqual(['teacher']);
    });
  });

  describe('school and tenancy', () => {
    it('shows each user their own school only', async () => {
      const otherSchool = await createSchool(t, 'Nabotun');
      const { email } = await createPerson(t, otherSchool, { roles: ['admin'], login: true });
      const cookie = await login(t, email);
      const response = await t.request({ method: 'GET', url: '/api/v1/school', cookie });
      expect(response.json()).toMatchObject({ id: otherSchool, shortName: 'Nabotun' });
      const change = await t.request({
        method: 'PATCH',
        url: '/api/v1/school',
        cookie,
        payload: { longName: 'Nabotun skole' },
      });
      expect(change.statusCode).toBe(200);
      const first = await t.ctx.database.db
        .selectFrom('school')
        .select('long_name')
        .where('id', '=', schoolId)
        .executeTakeFirstOrThrow();
      expect(first.long_name).toBe('Fjordtun folkehøgskole');
    });

    it('validates the supervision phone and position and changes nothing on bad input', async () => {
      const cookie = await login(t, 'rektor@fjordtun.no');
      const bad = await t.request({
        method: 'PATCH',
        url: '/api/v1/school',
        cookie,
        payload: { supervisionPhone: 'ring meg', position: { lat: 95, lon: 10 } },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['body.position.lat', 'body.supervisionPhone']);
      const good = await t.request({
        method: 'PATCH',
        url: '/api/v1/school',
        cookie,
        payload: { supervisionPhone: '+47 912 34 567', position: { lat: 61.2, lon: 7.1 } },
      });
      expect(good.json()).toMatchObject({
        supervisionPhone: '+47 912 34 567',
        position: { lat: 61.2, lon: 7.1 },
      });
    });
  });

  describe('http', () => {
    it('answers malformed JSON with a 400 problem, never a 500', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid-json');
    });

    it('answers an unknown API path with a 404 problem', async () => {
      const response = await t.request({ method: 'GET', url: '/api/v1/finnes-ikke' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not-found' });
    });

    it('refuses unsafe requests from another origin', async () => {
      const foreign = await t.request({
        method: 'POST',
        url: '/api/v1/login',
        headers: { origin: 'https://angriper.example' },
        payload: { email: 'rektor@fjordtun.no', password: PASSWORD },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('origin-mismatch');
      const own = await t.request({
        method: 'POST',
        url: '/api/v1/logout',
        headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      });
      expect(own.statusCode).toBe(204);
    });

    it('sends strict security headers', async () => {
      const response = await t.request({ method: 'GET', url: '/api/v1/health' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // HSTS only behind https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('keeps personal answers out of every cache, and revalidated ones private', async () => {
      const hurtigtun = await createSchool(t, 'Hurtigtun');
      const cookie = await login(
        t,
        (await createPerson(t, hurtigtun, { roles: ['admin'], login: true })).email,
      );
      for (const url of ['/api/v1/session', '/api/v1/people', '/api/v1/school', '/api/v1/me/nosuch']) {
        const response = await t.request({ method: 'GET', url, cookie });
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
      const unauthenticated = await t.request({ method: 'GET', url: '/api/v1/people' });
      expect(unauthenticated.headers['cache-control']).toBe('no-store');
      // Answers with an ETag are revalidated each time (docs/decisions/009-calendar.md).
      const calendar = await t.request({
        method: 'GET',
        url: '/api/v1/calendar?from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00Z',
        cookie,
      });
      expect(calendar.statusCode).toBe(200);
      expect(calendar.headers['cache-control']).toBe('private, no-cache');
    });

    it('allows the camera for Tun itself and no other powerful feature', async () => {
      for (const url of ['/api/v1/health', '/']) {
        const policy = String((await t.request({ method: 'GET', url })).headers['permissions-policy']);
        expect(policy, url).toContain('camera=(self)');
        for (const feature of ['microphone', 'geolocation', 'payment', 'usb']) {
          expect(policy, url).toContain(`${feature}=()`);
        }
      }
    });

    it('publishes the OpenAPI document at /api/docs/json', async () => {
      const response = await t.request({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/api/v1/health', '/api/v1/login', '/api/v1/school']),
      );
      expect(doc.paths['/api/v1/setup'].post.requestBody).toBeDefined();
      const ui = await t.request({ method: 'GET', url: '/api/docs' });
      expect([200, 302]).toContain(ui.statusCode);
    });
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { LOGIN_RATE_LIMIT: '3' } });
    await setupSchool(t);
  });
  afterAll(() => t.close());

  it('limits login attempts per account with a Norwegian 429', async () => {
    const attempt = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'maal@fjordtun.no', password: 'x' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt();
    expect(limited.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
    expect(limited.json()).toMatchObject({
      code: 'too-many-attempts',
      title: 'For mange forsøk. Vent litt og prøv igjen.',
    });
    // Another account from the same address (a school shares one) is not affected.
    const other = await t.request({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'rektor@fjordtun.no', password: PASSWORD },
    });
    expect(other.statusCode).toBe(200);
    // Input that fails validation is refused before it counts.
    const invalid = await t.request({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'x', password: '' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('secure deployment', () => {
  it('sends HSTS and secure cookies when PUBLIC_URL is https', async () => {
    const t = await createTestApp('sqlite', { env: { PUBLIC_URL: 'https://tun.skole.no' } });
    try {
      const response = await t.request({ method: 'GET', url: '/api/v1/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      await setupSchool(t);
      const login = await t.request({
        method: 'POST',
        url: '/api/v1/login',
        headers: { origin: 'https://tun.skole.no' },
        payload: { email: 'rektor@fjordtun.no', password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.cookies.find((c) => c.name.endsWith('tun.session_token'))?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
