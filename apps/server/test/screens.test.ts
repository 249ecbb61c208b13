/**
 * The school's screens on /app/tv-setup (docs/decisions/024-info-screens.md): settings, status,
 * «Last inn på nytt», revoke, delete with its TV account, the emergency banner, what each change
 * announces and audits, another school's screens, and the TV account's personal data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREEN_OFFLINE_AFTER_SECONDS,
  type Emergency,
  type Screen,
  type ScreenInput,
  type Session,
} from '@tun/shared';
import { callApi, createPerson, createSchool, insertRoom, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { pairTv, SCREEN } from './screens-factories';
import { endsWithin, isChange, openSse } from './sse-client';

const WITHIN = 10_000;

describe.each(dialects())('screens on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let admin: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    const setup = await setupSchool(t);
    ({ schoolId, adminId } = setup);
    admin = setup.adminCookie;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const create = (input: ScreenInput = SCREEN) => callApi<Screen>(t, admin, 'POST', '/api/v1/screens', input);
  const auditOf = (entity: string, entityId: string) =>
    t.ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_person_id', 'before', 'after'])
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('at')
      .execute();

  it('creates, lists by name, and changes a screen; layout changes are audited and announced', async () => {
    const stream = await openSse(`${base}/api/v1/live`, { cookie: admin });
    try {
      const created = await create({ ...SCREEN, name: 'Biblioteket', schedule: null });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Biblioteket',
        paired: false,
        pairedAt: null,
        lastSeenAt: null,
        online: false,
        version: null,
        reloadRequestedAt: null,
        schedule: null,
      });
      const id = created.body.id;
      const heard = await stream.next(
        (message) => isChange('screens')(message) && JSON.parse(message.data!).ids.includes(id),
        WITHIN,
      );
      expect(JSON.parse(heard.data!)).toEqual({ topic: 'screens', ids: [id] });

      const room = await insertRoom(t, schoolId, 'Aula');
      const layout = {
        orientation: 'portrait' as const,
        panels: ['checkIn' as const, 'clock' as const],
        roomId: room,
      };
      const changed = await callApi<Screen>(t, admin, 'PATCH', `/api/v1/screens/${id}`, {
        layout,
        schedule: { darkFrom: '22:00', darkTo: '07:00' },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({
        name: 'Biblioteket',
        layout,
        schedule: { darkFrom: '22:00', darkTo: '07:00' },
      });

      const list = await callApi<Screen[]>(t, admin, 'GET', '/api/v1/screens');
      expect(list.body.find((screen) => screen.id === id)).toEqual(changed.body);
      const names = list.body.map((screen) => screen.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nb')));

      const audit = await auditOf('screen', id);
      expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
      expect(JSON.parse(audit[1]!.before!).layout).toEqual(SCREEN.layout);
      expect(JSON.parse(audit[1]!.after!).layout).toEqual(layout);
      expect(audit.every((entry) => entry.actor_person_id === adminId)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('refuses bad input with 400 and the field, and a room of another school', async () => {
    const cases: [object, string][] = [
      [{ ...SCREEN, name: '' }, 'body.name'],
      [{ ...SCREEN, name: 'x'.repeat(61) }, 'body.name'],
      [{ ...SCREEN, layout: { ...SCREEN.layout, panels: ['clock', 'clock'] } }, 'body.layout.panels'],
      [{ ...SCREEN, layout: { ...SCREEN.layout, panels: ['weather'] } }, 'body.layout.panels'],
      [{ ...SCREEN, layout: { ...SCREEN.layout, orientation: 'diagonal' } }, 'body.layout.orientation'],
      [{ ...SCREEN, schedule: { darkFrom: '25:00', darkTo: '06:00' } }, 'body.schedule.darkFrom'],
      [{ ...SCREEN, schedule: { darkFrom: '06:00', darkTo: '06:00' } }, 'body.schedule.darkTo'],
    ];
    for (const [payload, path] of cases) {
      const response = await callApi<{ code: string; errors: { path: string }[] }>(
        t,
        admin,
        'POST',
        '/api/v1/screens',
        payload,
      );
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.code).toBe('validation-failed');
      const paths = response.body.errors.map((error) => error.path);
      expect(
        paths.some((found) => found.startsWith(path)),
        paths.join(', '),
      ).toBe(true);
    }
    const other = await createSchool(t, 'Romnabo');
    const theirRoom = await insertRoom(t, other, 'Deres rom');
    const refused = await callApi<{ code: string; errors: { path: string }[] }>(
      t,
      admin,
      'POST',
      '/api/v1/screens',
      {
        ...SCREEN,
        layout: { ...SCREEN.layout, roomId: theirRoom },
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error) => error.path)).toEqual(['body.layout.roomId']);
    const created = await create({ ...SCREEN, name: 'Uendret' });
    const patched = await callApi(t, admin, 'PATCH', `/api/v1/screens/${created.body.id}`, {
      layout: { ...SCREEN.layout, roomId: theirRoom },
    });
    expect(patched.status).toBe(400);
  });

  it('counts a screen online while its heartbeats come within 150 s', async () => {
    const created = await create({ ...SCREEN, name: 'Status' });
    const id = created.body.id;
    const seen = async (secondsAgo: number) => {
      await t.ctx.database.db
        .updateTable('screen')
        .set({ last_seen_at: new Date(Date.now() - secondsAgo * 1000).toISOString(), version: 'abc123' })
        .where('id', '=', id)
        .execute();
      const list = await callApi<Screen[]>(t, admin, 'GET', '/api/v1/screens');
      return list.body.find((screen) => screen.id === id)!;
    };
    expect(await seen(10)).toMatchObject({ online: true, version: 'abc123' });
    expect((await seen(SCREEN_OFFLINE_AFTER_SECONDS + 10)).online).toBe(false);
  });

  it('asks a screen to reload', async () => {
    const created = await create({ ...SCREEN, name: 'Last på nytt' });
    const before = Date.now();
    const reloaded = await callApi<Screen>(t, admin, 'POST', `/api/v1/screens/${created.body.id}/reload`);
    expect(reloaded.status).toBe(200);
    expect(Date.parse(reloaded.body.reloadRequestedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('revokes: the TV session ends, the screen stays unpaired, the revoke is audited', async () => {
    const tv = await pairTv(t, admin, { screen: { ...SCREEN, name: 'Koble fra' } });
    const revoked = await callApi<Screen>(t, admin, 'POST', `/api/v1/screens/${tv.screenId}/revoke`);
    expect(revoked.body).toMatchObject({ paired: false, pairedAt: null, name: 'Koble fra' });
    expect((await callApi(t, tv.cookie, 'GET', '/api/v1/session')).status).toBe(401);
    const audit = await auditOf('screen', tv.screenId);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'pair', 'revoke']);
    // Pairing again reuses the screen and its TV account.
    const again = await pairTv(t, admin, { screenId: tv.screenId });
    expect((await callApi<Session>(t, again.cookie, 'GET', '/api/v1/session')).body.user.name.last).toBe(
      'Koble fra',
    );
  });

  it('renames the TV account made for a screen with the screen', async () => {
    const tv = await pairTv(t, admin, { screen: { ...SCREEN, name: 'Gammelt navn' } });
    const renamed = await callApi<Screen>(t, admin, 'PATCH', `/api/v1/screens/${tv.screenId}`, {
      name: 'Nytt navn',
    });
    expect(renamed.status).toBe(200);
    const session = await callApi<Session>(t, tv.cookie, 'GET', '/api/v1/session');
    expect(session.body.user.name).toEqual({ first: 'Infoskjerm', last: 'Nytt navn' });
  });

  it('deletes a screen: its TV is signed out and its stream ends, and its TV account is gone', async () => {
    const tv = await pairTv(t, admin, { screen: { ...SCREEN, name: 'Slettes' } });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: tv.cookie });
    try {
      const { personId } = await t.ctx.database.db
        .selectFrom('screen')
        .select('person_id as personId')
        .where('id', '=', tv.screenId)
        .executeTakeFirstOrThrow();
      const deleted = await callApi(t, admin, 'DELETE', `/api/v1/screens/${tv.screenId}`);
      expect(deleted.status).toBe(204);
      await endsWithin(stream, WITHIN);
      expect((await callApi(t, tv.cookie, 'GET', '/api/v1/session')).status).toBe(401);
      const person = await t.ctx.database.db
        .selectFrom('person')
        .select('id')
        .where('id', '=', personId!)
        .executeTakeFirst();
      expect(person).toBeUndefined();
      const list = await callApi<Screen[]>(t, admin, 'GET', '/api/v1/screens');
      expect(list.body.map((screen) => screen.id)).not.toContain(tv.screenId);
      expect((await auditOf('screen', tv.screenId)).map((entry) => entry.action)).toEqual([
        'create',
        'pair',
        'delete',
      ]);
      expect((await callApi(t, admin, 'DELETE', `/api/v1/screens/${tv.screenId}`)).status).toBe(404);
    } finally {
      stream.close();
    }
  });

  it('leaves a real person alone when their screen is deleted: they are only signed out', async () => {
    const created = await create({ ...SCREEN, name: 'Delt konto' });
    const { personId, email } = await createPerson(t, schoolId, { roles: ['tv', 'teacher'], login: true });
    await t.ctx.database.db
      .updateTable('screen')
      .set({ person_id: personId })
      .where('id', '=', created.body.id)
      .execute();
    const cookie = await login(t, email);
    expect((await callApi(t, admin, 'DELETE', `/api/v1/screens/${created.body.id}`)).status).toBe(204);
    expect((await callApi(t, cookie, 'GET', '/api/v1/session')).status).toBe(401);
    const person = await t.ctx.database.db
      .selectFrom('person')
      .select(['id', 'left_on'])
      .where('id', '=', personId)
      .executeTakeFirst();
    expect(person).toEqual({ id: personId, left_on: null });
  });

  it('raises, changes and lowers the emergency banner, announced to every screen and audited', async () => {
    const a = await create({ ...SCREEN, name: 'Nød A' });
    const b = await create({ ...SCREEN, name: 'Nød B' });
    const tv = await pairTv(t, admin, { screenId: a.body.id });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: tv.cookie });
    const adminStream = await openSse(`${base}/api/v1/live`, { cookie: admin });
    try {
      expect((await callApi<Emergency>(t, admin, 'GET', '/api/v1/screens/emergency')).body).toBeNull();
      const raised = await callApi<Emergency>(t, admin, 'PUT', '/api/v1/screens/emergency', {
        message: 'Brannalarm: gå ut til møteplassen ved flaggstanga.',
      });
      expect(raised.status, JSON.stringify(raised.body)).toBe(200);
      expect(raised.body).toEqual({
        message: 'Brannalarm: gå ut til møteplassen ved flaggstanga.',
        raisedAt: expect.any(String),
        raisedBy: 'Astrid Rektor',
      });
      const heard = await adminStream.next(isChange('screens'), WITHIN);
      expect(JSON.parse(heard.data!).ids).toEqual(expect.arrayContaining([a.body.id, b.body.id]));
      const tvHeard = await stream.next(isChange('screens'), WITHIN);
      expect(JSON.parse(tvHeard.data!)).toEqual({ topic: 'screens', ids: [] });
      expect((await callApi(t, admin, 'GET', '/api/v1/screens/emergency')).body).toEqual(raised.body);

      const changed = await callApi<Emergency>(t, admin, 'PUT', '/api/v1/screens/emergency', {
        message: 'Øvelse over.',
      });
      expect(changed.body?.message).toBe('Øvelse over.');
      const lowered = await callApi(t, admin, 'DELETE', '/api/v1/screens/emergency');
      expect(lowered.status).toBe(200);
      expect(lowered.body).toBeNull();
      expect((await callApi(t, admin, 'GET', '/api/v1/screens/emergency')).body).toBeNull();
      expect((await callApi(t, admin, 'DELETE', '/api/v1/screens/emergency')).status).toBe(200);

      const audit = await auditOf('screen-emergency', schoolId);
      expect(audit.map((entry) => entry.action)).toEqual(['raise', 'raise', 'lower']);

      for (const message of ['', 'x'.repeat(201), 'to\nlinjer']) {
        const refused = await callApi<{ code: string }>(t, admin, 'PUT', '/api/v1/screens/emergency', {
          message,
        });
        expect(refused.status, JSON.stringify(message)).toBe(400);
        expect(refused.body.code).toBe('validation-failed');
      }
    } finally {
      stream.close();
      adminStream.close();
    }
  });

  it("answers 404 for another school's screen on every route that names one, and keeps banners apart", async () => {
    const other = await createSchool(t, 'Skjermnabo');
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    const stranger = await login(t, email);
    const ours = await create({ ...SCREEN, name: 'Vår' });
    const id = ours.body.id;
    const calls: ['PATCH' | 'DELETE' | 'POST', string, object?][] = [
      ['PATCH', `/api/v1/screens/${id}`, { name: 'Tatt' }],
      ['POST', `/api/v1/screens/${id}/revoke`],
      ['POST', `/api/v1/screens/${id}/reload`],
      ['DELETE', `/api/v1/screens/${id}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await callApi<{ code: string }>(t, stranger, method, url, payload);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.code).toBe('not-found');
    }
    expect((await callApi<Screen[]>(t, stranger, 'GET', '/api/v1/screens')).body).toEqual([]);
    const still = await callApi<Screen[]>(t, admin, 'GET', '/api/v1/screens');
    expect(still.body.find((screen) => screen.id === id)).toMatchObject({
      name: 'Vår',
      reloadRequestedAt: null,
    });

    await callApi(t, stranger, 'PUT', '/api/v1/screens/emergency', { message: 'Bare hos oss' });
    expect((await callApi(t, admin, 'GET', '/api/v1/screens/emergency')).body).toBeNull();
  });

  it("exports a TV account's screen, and erasing it makes the screen forget the account", async () => {
    const tv = await pairTv(t, admin, { screen: { ...SCREEN, name: 'Personvern' } });
    const { personId } = await t.ctx.database.db
      .selectFrom('screen')
      .select('person_id as personId')
      .where('id', '=', tv.screenId)
      .executeTakeFirstOrThrow();
    const exported = await t.request({
      method: 'GET',
      url: `/api/v1/people/${personId}/privacy-export`,
      cookie: admin,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({
      screenOfTvAccount: [{ name: 'Personvern', place: SCREEN.place }],
      screenPairingsApproved: [],
    });
    const adminExport = await t.request({
      method: 'GET',
      url: `/api/v1/people/${adminId}/privacy-export`,
      cookie: admin,
    });
    expect(adminExport.json().screenPairingsApproved).toContainEqual({
      screenId: tv.screenId,
      approvedAt: expect.any(String),
    });

    const erased = await callApi(t, admin, 'POST', `/api/v1/people/${personId}/erase`);
    expect(erased.status).toBe(204);
    expect((await callApi(t, tv.cookie, 'GET', '/api/v1/session')).status).toBe(401);
    const list = await callApi<Screen[]>(t, admin, 'GET', '/api/v1/screens');
    expect(list.body.find((screen) => screen.id === tv.screenId)).toMatchObject({ paired: false });
    // The next pairing makes a new TV account.
    const again = await pairTv(t, admin, { screenId: tv.screenId });
    const session = await callApi<Session>(t, again.cookie, 'GET', '/api/v1/session');
    expect(session.body.user.id).not.toBe(personId);
  });

  it('exports who raised the banner, and erasing them leaves the banner up without a name', async () => {
    const { personId: raiserId, email } = await createPerson(t, schoolId, {
      roles: ['admin'],
      login: true,
      first: 'Brage',
      last: 'Varsler',
    });
    const raiser = await login(t, email);
    const raised = await callApi<Emergency>(t, raiser, 'PUT', '/api/v1/screens/emergency', {
      message: 'Strømbrudd i hovedhuset.',
    });
    expect(raised.body?.raisedBy).toBe('Brage Varsler');
    const exported = await t.request({
      method: 'GET',
      url: `/api/v1/people/${raiserId}/privacy-export`,
      cookie: admin,
    });
    expect(exported.json().screenEmergencyRaised).toEqual([
      { message: 'Strømbrudd i hovedhuset.', raisedAt: raised.body?.raisedAt },
    ]);

    const tv = await pairTv(t, admin, { screen: { ...SCREEN, name: 'Varsel' } });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: tv.cookie });
    try {
      const erased = await callApi(t, admin, 'POST', `/api/v1/people/${raiserId}/erase`);
      expect(erased.status).toBe(204);
      await stream.next(isChange('screens'), WITHIN);
    } finally {
      stream.close();
    }
    const after = await callApi<Emergency>(t, admin, 'GET', '/api/v1/screens/emergency');
    expect(after.body).toEqual({
      message: 'Strømbrudd i hovedhuset.',
      raisedAt: raised.body?.raisedAt,
      raisedBy: null,
    });
    const shown = await callApi<{ emergency: Emergency }>(t, tv.cookie, 'GET', '/api/v1/screen');
    expect(shown.body.emergency?.raisedBy).toBeNull();
    expect(JSON.stringify(shown.body)).not.toContain('Brage');
    await callApi(t, admin, 'DELETE', '/api/v1/screens/emergency');
  });

  it('unpairs the screen of a TV account that leaves the school', async () => {
    const tv = await pairTv(t, admin, { screen: { ...SCREEN, name: 'Avsluttes' } });
    const { personId } = await t.ctx.database.db
      .selectFrom('screen')
      .select('person_id as personId')
      .where('id', '=', tv.screenId)
      .executeTakeFirstOrThrow();
    const left = await callApi(t, admin, 'PUT', `/api/v1/people/${personId}/left`, {
      leftOn: new Date().toISOString().slice(0, 10),
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect((await callApi(t, tv.cookie, 'GET', '/api/v1/session')).status).not.toBe(200);
    const list = await callApi<Screen[]>(t, admin, 'GET', '/api/v1/screens');
    expect(list.body.find((screen) => screen.id === tv.screenId)).toMatchObject({ paired: false });
  });
});
