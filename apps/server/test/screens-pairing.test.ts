/**
 * Pairing a TV (RFC 8628 device authorization; docs/decisions/024-info-screens.md): the TV
 * starts, an admin approves its code, and the TV gets a session of the screen's own TV account,
 * once. Slow polling, expiry, reuse, refusal, bad input and rate limits, and what the TV's
 * session may then do, live stream included.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAIRING_EXPIRES_SECONDS,
  PAIRING_INTERVAL_SECONDS,
  PAIRING_SLOW_DOWN_SECONDS,
  USER_CODE_ALPHABET,
  type Screen,
  type Session,
} from '@tun/shared';
import { callApi, createPerson, createSchool, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { cookieOf, pairTv, pollToken, SCREEN, startPairing } from './screens-factories';
import { endsWithin, isChange, openSse } from './sse-client';

/** Only a broken server misses it. */
const WITHIN = 10_000;

describe.each(dialects())('pairing a TV on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminCookie: string;
  let adminId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminCookie, adminId } = await setupSchool(t));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const pairingRow = (userCode: string) =>
    t.ctx.database.db
      .selectFrom('screen_pairing')
      .selectAll()
      .where('user_code', '=', userCode.replace('-', ''))
      .executeTakeFirstOrThrow();

  it('starts with a code to show and a secret kept only as its hash', async () => {
    const start = await startPairing(t);
    expect(start.userCode).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`));
    expect(Buffer.from(start.deviceCode, 'base64url')).toHaveLength(32);
    expect(start).toMatchObject({
      expiresIn: PAIRING_EXPIRES_SECONDS,
      interval: PAIRING_INTERVAL_SECONDS,
      verificationUri: expect.stringMatching(/^https?:\/\/.+\/app\/tv-setup$/),
    });
    expect(start.verificationUriComplete).toBe(`${start.verificationUri}?code=${start.userCode}`);
    const row = await pairingRow(start.userCode);
    expect(row.device_code_hash).toBe(createHash('sha256').update(start.deviceCode).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(start.deviceCode);
    const expires = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(expires).toBe(PAIRING_EXPIRES_SECONDS * 1000);
  });

  it('pairs: pending, approved as a new screen, a TV session once, then the code is spent', async () => {
    const start = await startPairing(t);
    const pending = await pollToken(t, start.deviceCode);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ code: 'authorization-pending' });

    // The admin looks the code up as typed: lower case, without the dash.
    const typed = start.userCode.replace('-', '').toLowerCase();
    const found = await callApi(t, adminCookie, 'GET', `/api/v1/screens/pairing/${typed}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ userCode: start.userCode, expiresAt: expect.any(String) });

    const approved = await callApi<Screen>(t, adminCookie, 'POST', '/api/v1/screens/pairing/approve', {
      userCode: typed,
      screen: SCREEN,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ name: 'Spisesalen', layout: SCREEN.layout, paired: false });
    // An approved code waits no more.
    expect((await callApi(t, adminCookie, 'GET', `/api/v1/screens/pairing/${typed}`)).status).toBe(404);

    // The TV polls right after its last poll: an approved code is answered, not slowed down.
    const token = await pollToken(t, start.deviceCode);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toEqual({ screenId: approved.body.id });
    expect(token.headers['cache-control']).toBe('no-store');
    const setCookie = String(token.headers['set-cookie']);
    expect(setCookie).toMatch(/^tun\.session_token=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const tv = cookieOf(token);

    const session = await callApi<Session>(t, tv, 'GET', '/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.body.user.roles).toEqual(['tv']);
    expect(session.body.user.name).toEqual({ first: 'Infoskjerm', last: 'Spisesalen' });
    expect(session.body.user.email).toBeNull();
    expect(session.body.actions).toEqual(['screen:show']);
    expect(session.body.user.id).not.toBe(adminId);
    expect((await callApi(t, tv, 'GET', '/api/v1/time')).status).toBe(200);

    const screens = await callApi<Screen[]>(t, adminCookie, 'GET', '/api/v1/screens');
    expect(screens.body.find((screen) => screen.id === approved.body.id)).toMatchObject({
      paired: true,
      pairedAt: expect.any(String),
    });

    // Single use.
    const again = await pollToken(t, start.deviceCode);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'expired-token' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it("keeps the TV's session long, and renews it on use like any session", async () => {
    const { cookie } = await pairTv(t, adminCookie, { screen: { ...SCREEN, name: 'Lenge' } });
    const sessionOf = async () => {
      const session = await callApi<Session>(t, cookie, 'GET', '/api/v1/session');
      const user = await t.ctx.database.db
        .selectFrom('person')
        .select('user_id')
        .where('id', '=', session.body.user.id)
        .executeTakeFirstOrThrow();
      return t.ctx.database.db
        .selectFrom('session')
        .select(['id', 'expiresAt'])
        .where('userId', '=', user.user_id!)
        .executeTakeFirstOrThrow();
    };
    const first = await sessionOf();
    const days = (new Date(first.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    // Due for renewal: a day left.
    const soon = new Date(Date.now() + 86_400_000);
    await t.ctx.database.db
      .updateTable('session')
      .set({ expiresAt: dialect === 'sqlite' ? soon.toISOString() : soon })
      .where('id', '=', first.id)
      .execute();
    const renewed = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
    expect(renewed.statusCode).toBe(200);
    expect(String(renewed.headers['set-cookie'])).toContain('tun.session_token=');
    const after = await sessionOf();
    expect(after.id).toBe(first.id);
    expect(new Date(after.expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  });

  it('makes the TV account a person of the school with the tv role and no password', async () => {
    const { screenId } = await pairTv(t, adminCookie, { screen: { ...SCREEN, name: 'Gangen' } });
    const screen = await t.ctx.database.db
      .selectFrom('screen')
      .select('person_id')
      .where('id', '=', screenId)
      .executeTakeFirstOrThrow();
    const person = await t.ctx.database.db
      .selectFrom('person')
      .selectAll()
      .where('id', '=', screen.person_id!)
      .executeTakeFirstOrThrow();
    expect(person).toMatchObject({
      school_id: schoolId,
      email: null,
      first_name: 'Infoskjerm',
      last_name: 'Gangen',
    });
    const roles = await t.ctx.database.db
      .selectFrom('person_role')
      .select('role')
      .where('person_id', '=', person.id)
      .execute();
    expect(roles.map((row) => row.role)).toEqual(['tv']);
    const accounts = await t.ctx.database.db
      .selectFrom('account')
      .select('id')
      .where('userId', '=', person.user_id!)
      .execute();
    expect(accounts).toEqual([]);
  });

  it('answers a TV session 403 beyond what a screen needs, and 401 once revoked', async () => {
    const { cookie: tv, screenId } = await pairTv(t, adminCookie, {
      screen: { ...SCREEN, name: 'Klasserom 1' },
    });
    for (const url of [
      '/api/v1/people',
      '/api/v1/calendar?from=2026-01-05&to=2026-01-06',
      '/api/v1/notifications',
    ]) {
      const response = await callApi<{ code: string }>(t, tv, 'GET', url);
      expect(response.status, url).toBe(403);
      expect(response.body.code).toBe('forbidden');
    }
    expect((await callApi(t, tv, 'GET', '/api/v1/screens')).status).toBe(403);

    const revoked = await callApi<Screen>(t, adminCookie, 'POST', `/api/v1/screens/${screenId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.paired).toBe(false);
    const after = await callApi<{ code: string }>(t, tv, 'GET', '/api/v1/session');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthenticated');
  });

  it('answers slow-down to a TV that polls sooner than its interval, and lengthens the interval', async () => {
    const start = await startPairing(t);
    expect((await pollToken(t, start.deviceCode)).json().code).toBe('authorization-pending');
    const fast = await pollToken(t, start.deviceCode);
    expect(fast.statusCode).toBe(400);
    expect(fast.json().code).toBe('slow-down');
    expect((await pairingRow(start.userCode)).interval_seconds).toBe(
      PAIRING_INTERVAL_SECONDS + PAIRING_SLOW_DOWN_SECONDS,
    );
    expect((await pollToken(t, start.deviceCode)).json().code).toBe('slow-down');
    expect(Number((await pairingRow(start.userCode)).interval_seconds)).toBe(
      PAIRING_INTERVAL_SECONDS + 2 * PAIRING_SLOW_DOWN_SECONDS,
    );

    // A poll after the (now longer) interval is pending again.
    const row = await pairingRow(start.userCode);
    const waited = new Date(Date.now() - (Number(row.interval_seconds) + 1) * 1000).toISOString();
    await t.ctx.database.db
      .updateTable('screen_pairing')
      .set({ last_polled_at: waited })
      .where('id', '=', row.id)
      .execute();
    expect((await pollToken(t, start.deviceCode)).json().code).toBe('authorization-pending');
  });

  it('refuses an expired code everywhere', async () => {
    const start = await startPairing(t);
    const row = await pairingRow(start.userCode);
    await t.ctx.database.db
      .updateTable('screen_pairing')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const token = await pollToken(t, start.deviceCode);
    expect(token.statusCode).toBe(400);
    expect(token.json().code).toBe('expired-token');
    const looked = await callApi<{ code: string }>(
      t,
      adminCookie,
      'GET',
      `/api/v1/screens/pairing/${start.userCode}`,
    );
    expect(looked.status).toBe(404);
    expect(looked.body.code).toBe('pairing-code-unknown');
    const approve = await callApi<{ code: string }>(
      t,
      adminCookie,
      'POST',
      '/api/v1/screens/pairing/approve',
      {
        userCode: start.userCode,
        screen: SCREEN,
      },
    );
    expect(approve.status).toBe(404);
    expect(approve.body.code).toBe('pairing-code-unknown');
    // Nothing was made for the refused approval.
    const named = await t.ctx.database.db
      .selectFrom('screen')
      .select('id')
      .where('name', '=', SCREEN.name)
      .execute();
    expect(named).toHaveLength(1);
  });

  it('refuses an approved code once it has expired, before the TV collected it', async () => {
    const start = await startPairing(t);
    const approved = await callApi(t, adminCookie, 'POST', '/api/v1/screens/pairing/approve', {
      userCode: start.userCode,
      screen: { ...SCREEN, name: 'Sent' },
    });
    expect(approved.status).toBe(200);
    await t.ctx.database.db
      .updateTable('screen_pairing')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_code', '=', start.userCode.replace('-', ''))
      .execute();
    expect((await pollToken(t, start.deviceCode)).json().code).toBe('expired-token');
  });

  it('tells the TV access-denied when the admin refuses, and the code is then unknown', async () => {
    const start = await startPairing(t);
    const denied = await callApi(t, adminCookie, 'POST', '/api/v1/screens/pairing/deny', {
      userCode: start.userCode,
    });
    expect(denied.status).toBe(204);
    const token = await pollToken(t, start.deviceCode);
    expect(token.statusCode).toBe(400);
    expect(token.json().code).toBe('access-denied');
    expect(token.headers['set-cookie']).toBeUndefined();
    const approve = await callApi<{ code: string }>(
      t,
      adminCookie,
      'POST',
      '/api/v1/screens/pairing/approve',
      {
        userCode: start.userCode,
        screen: SCREEN,
      },
    );
    expect(approve.status).toBe(404);
    expect(approve.body.code).toBe('pairing-code-unknown');
    const again = await callApi(t, adminCookie, 'POST', '/api/v1/screens/pairing/deny', {
      userCode: start.userCode,
    });
    expect(again.status).toBe(404);
  });

  it('answers unknown codes 404 and an unknown device code expired-token', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/v1/screens/pairing/BCDF-GHJK', undefined],
      ['POST', '/api/v1/screens/pairing/approve', { userCode: 'BCDF-GHJK', screen: SCREEN }],
      ['POST', '/api/v1/screens/pairing/deny', { userCode: 'BCDF-GHJK' }],
    ] as const) {
      const response = await callApi<{ code: string }>(t, adminCookie, method, url, payload);
      expect(response.status, url).toBe(404);
      expect(response.body.code).toBe('pairing-code-unknown');
    }
    const token = await pollToken(t, 'ikke-en-kode');
    expect(token.statusCode).toBe(400);
    expect(token.json().code).toBe('expired-token');
  });

  it('answers bad input with 400 and the field', async () => {
    const cases: [string, string, object | undefined, string][] = [
      ['GET', '/api/v1/screens/pairing/AEIO-UAEI', undefined, 'params.userCode'],
      ['POST', '/api/v1/screens/pairing/approve', { userCode: 'BCD', screen: SCREEN }, 'body.userCode'],
      ['POST', '/api/v1/screens/pairing/approve', { userCode: 'BCDF-GHJK' }, 'body'],
      [
        'POST',
        '/api/v1/screens/pairing/approve',
        { userCode: 'BCDF-GHJK', screen: { ...SCREEN, layout: { ...SCREEN.layout, panels: [] } } },
        'body',
      ],
      ['POST', '/api/v1/screens/pairing/deny', { userCode: 42 }, 'body.userCode'],
    ];
    for (const [method, url, payload, path] of cases) {
      const response = await callApi<{ code: string; errors: { path: string }[] }>(
        t,
        adminCookie,
        method as 'GET',
        url,
        payload,
      );
      expect(response.status, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.body.code).toBe('validation-failed');
      expect(response.body.errors.some((error) => error.path.startsWith(path))).toBe(true);
    }
    for (const payload of [{}, { deviceCode: '' }, { deviceCode: 'x'.repeat(201) }, { deviceCode: 7 }]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/screens/pairing/token',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
  });

  it('approves for an existing screen: the TV signed in as it before is signed out, and its stream ends', async () => {
    const first = await pairTv(t, adminCookie, { screen: { ...SCREEN, name: 'Auditoriet' } });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: first.cookie });
    expect(stream.status).toBe(200);
    try {
      const second = await pairTv(t, adminCookie, { screenId: first.screenId });
      expect(second.screenId).toBe(first.screenId);
      await endsWithin(stream, WITHIN);
      expect((await callApi(t, first.cookie, 'GET', '/api/v1/session')).status).toBe(401);
      const session = await callApi<Session>(t, second.cookie, 'GET', '/api/v1/session');
      expect(session.status).toBe(200);
      // The same TV account: the screen keeps its account across pairings.
      const before = await callApi<Session>(t, second.cookie, 'GET', '/api/v1/session');
      expect(before.body.user.name.last).toBe('Auditoriet');
      const audit = await t.ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_person_id'])
        .where('entity', '=', 'screen')
        .where('entity_id', '=', first.screenId)
        .orderBy('at')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(['create', 'pair', 'pair']);
      expect(audit.every((entry) => entry.actor_person_id === adminId)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("refuses another school's screen when approving", async () => {
    const other = await createSchool(t, 'Pairnabo');
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    const stranger = await login(t, email);
    const theirs = await pairTv(t, stranger, { screen: { ...SCREEN, name: 'Deres' } });
    const start = await startPairing(t);
    const approve = await callApi<{ code: string }>(
      t,
      adminCookie,
      'POST',
      '/api/v1/screens/pairing/approve',
      {
        userCode: start.userCode,
        screenId: theirs.screenId,
      },
    );
    expect(approve.status).toBe(404);
    expect(approve.body.code).toBe('not-found');
    // The code still waits: the refused approval changed nothing.
    expect((await callApi(t, adminCookie, 'GET', `/api/v1/screens/pairing/${start.userCode}`)).status).toBe(
      200,
    );
    // And the other school's TV is theirs: its session is of their school.
    const session = await callApi<Session>(t, theirs.cookie, 'GET', '/api/v1/session');
    expect(session.body.school.id).toBe(other);
  });

  it('lets a TV stream hear what its screen shows, without ids, and nothing else; revoking ends it', async () => {
    const tv = await pairTv(t, adminCookie, { screen: { ...SCREEN, name: 'Strøm' } });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: tv.cookie });
    const admin = await openSse(`${base}/api/v1/live`, { cookie: adminCookie });
    try {
      expect(stream.status).toBe(200);
      // A change to people first, then the calendar: in order on the bus, so once the TV has the
      // calendar message, it would have had the people one before it.
      const person = await callApi(t, adminCookie, 'POST', '/api/v1/people', {
        name: { first: 'Ny', last: 'Elev' },
        roles: [],
        memberOf: [],
      });
      expect(person.status).toBe(201);
      const start = new Date(Date.now() + 3600_000);
      const event = await callApi<{ id: string }>(t, adminCookie, 'POST', '/api/v1/calendar/events', {
        name: 'Allmøte',
        start: start.toISOString(),
        end: new Date(start.getTime() + 3600_000).toISOString(),
        type: 'none',
        mandatory: false,
        groupsAttending: [],
        roomUsed: null,
      });
      expect(event.status, JSON.stringify(event.body)).toBe(201);
      const heard = await stream.next(isChange('calendar'), WITHIN);
      expect(JSON.parse(heard.data!)).toEqual({ topic: 'calendar', ids: [] });
      const adminHeard = await admin.next(isChange('calendar'), WITHIN);
      expect(JSON.parse(adminHeard.data!).ids).not.toEqual([]);
      expect(stream.received.filter(isChange('people'))).toEqual([]);

      const revoked = await callApi(t, adminCookie, 'POST', `/api/v1/screens/${tv.screenId}/revoke`);
      expect(revoked.status).toBe(200);
      await endsWithin(stream, WITHIN);
      const reopened = await fetch(`${base}/api/v1/live`, { headers: { cookie: tv.cookie } });
      expect(reopened.status).toBe(401);
      await reopened.body?.cancel();
    } finally {
      stream.close();
      admin.close();
    }
  });
});

describe('pairing rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { LOGIN_RATE_LIMIT: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 to an address that starts too many pairings', async () => {
    await startPairing(t);
    await startPairing(t);
    const third = await t.request({ method: 'POST', url: '/api/v1/screens/pairing' });
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('too-many-attempts');
    // Another address is not held back.
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/v1/screens/pairing',
      remoteAddress: '10.0.0.9',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('answers 429 to an address that polls too often', async () => {
    // 12 polls a minute per TV, times LOGIN_RATE_LIMIT (2): the 25th is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/screens/pairing/token',
        payload: { deviceCode: `ukjent-${i}` },
        remoteAddress: '10.0.0.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 24).every((status) => status === 400)).toBe(true);
    expect(statuses[24]).toBe(429);
  });
});
