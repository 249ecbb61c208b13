import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, Supervision } from '@tun/shared';
import { createPerson, createSchool, listenLive, login, setupSchool, untilAnnounced } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { isChange, openSse } from './sse-client';

describe.each(dialects())('supervision on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let adminCookie: string;
  const members = new Map<string, { personId: string; cookie: string }>();
  let otherAdminCookie: string;

  const db = () => t.ctx.database.db;
  const current = async () =>
    (
      await db()
        .selectFrom('school')
        .select('current_supervision')
        .where('id', '=', schoolId)
        .executeTakeFirstOrThrow()
    ).current_supervision;
  const member = (name: string) => members.get(name)!;
  const take = (cookie: string) =>
    t.request({ method: 'POST', url: '/api/v1/supervision/take', cookie, payload: {} });
  const release = (cookie: string, payload: object = {}) =>
    t.request({ method: 'POST', url: '/api/v1/supervision/release', cookie, payload });
  const get = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/supervision', cookie });
  const audits = async () =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('entity', '=', 'supervision')
      .orderBy('at')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LIVE_HEARTBEAT_MS: '1000' } });
    ({ schoolId, adminId, adminCookie } = await setupSchool(t));
    const roles: [string, Role[]][] = [
      ['teacher', ['teacher']],
      ['teacher2', ['teacher']],
      ['janitor', ['janitor']],
      ['kitchen', ['kitchen']],
      ['stipp', ['stipp']],
      ['developer', ['developer']],
      ['student', []],
      ['tv', ['tv']],
    ];
    for (const [name, list] of roles) {
      const { personId, email } = await createPerson(t, schoolId, { roles: list, login: true });
      members.set(name, { personId, cookie: await login(t, email) });
    }
    const otherSchool = await createSchool(t, 'Nabotun');
    otherAdminCookie = await login(
      t,
      (await createPerson(t, otherSchool, { roles: ['admin'], login: true })).email,
    );
  });
  afterAll(() => t.close());

  it('starts with nobody on duty', async () => {
    // A school of its own: this file's school has had people on duty by the time this runs.
    const fresh = await createSchool(t, 'Nyskolen');
    const student = await login(t, (await createPerson(t, fresh, { login: true })).email);
    const response = await get(student);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ current: null, supervisionPhone: null });
  });

  it.each(['admin', 'teacher', 'janitor', 'kitchen', 'stipp', 'developer'])(
    'lets %s take over with one call, audited and announced',
    async (name) => {
      const { personId, cookie } =
        name === 'admin' ? { personId: adminId, cookie: adminCookie } : member(name);
      // Someone else on duty, so that taking over is a change whatever ran before.
      const other = member(name === 'teacher' ? 'teacher2' : 'teacher');
      expect((await take(other.cookie)).statusCode).toBe(200);
      const previous = other.personId;
      const earlier = new Set((await audits()).map((row) => row.id));
      const live = await listenLive(t, schoolId);
      const response = await take(cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json<Supervision>();
      expect(body.current?.personId).toBe(personId);
      expect(body.current?.name.first).toBeTruthy();
      expect(Date.parse(body.current?.since ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(await current()).toBe(personId);
      const event = await live.next((e) => e.topic === 'school');
      expect(event.ids).toEqual([schoolId]);
      live.close();
      const taken = (await audits()).filter(
        (row) => !earlier.has(row.id) && row.action === 'take' && row.actor_person_id === personId,
      );
      expect(taken).toHaveLength(1);
      const last = taken[0]!;
      expect(last.entity_id).toBe(schoolId);
      expect(JSON.parse(last.before!)).toEqual({ personId: previous });
      expect(JSON.parse(last.after!)).toEqual({ personId });
      // Everyone sees who it is.
      expect((await get(member('student').cookie)).json().current.personId).toBe(personId);
    },
  );

  it('refuses students and TV accounts and changes nothing', async () => {
    const before = await current();
    const auditCount = (await audits()).length;
    for (const name of ['student', 'tv']) {
      const taken = await take(member(name).cookie);
      expect(taken.statusCode, name).toBe(403);
      expect(taken.json().code).toBe('forbidden');
      expect((await release(member(name).cookie)).statusCode, name).toBe(403);
    }
    expect(await current()).toBe(before);
    expect((await audits()).length).toBe(auditCount);
  });

  it('does nothing, and announces nothing, when the person on duty taps again', async () => {
    await take(member('teacher').cookie);
    const auditCount = (await audits()).length;
    const live = await listenLive(t, schoolId);
    const again = await take(member('teacher').cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().current.personId).toBe(member('teacher').personId);
    const marker = await untilAnnounced(t, live, adminCookie);
    expect(live.received).toEqual([marker]);
    live.close();
    expect((await audits()).length).toBe(auditCount);
  });

  describe('ending the duty', () => {
    it('lets the person on duty end it', async () => {
      await take(member('janitor').cookie);
      const earlier = new Set((await audits()).map((row) => row.id));
      const live = await listenLive(t, schoolId);
      const response = await release(member('janitor').cookie, { personId: member('janitor').personId });
      expect(response.statusCode).toBe(200);
      expect(response.json().current).toBeNull();
      expect(await current()).toBeNull();
      await live.next((e) => e.topic === 'school');
      live.close();
      const released = (await audits()).filter((row) => !earlier.has(row.id) && row.action === 'release');
      expect(released.map((row) => row.actor_person_id)).toEqual([member('janitor').personId]);
      expect(JSON.parse(released[0]!.before!)).toEqual({ personId: member('janitor').personId });
    });

    it("does not let another staff member end someone else's duty", async () => {
      await take(member('teacher').cookie);
      for (const name of ['teacher2', 'kitchen', 'stipp']) {
        const response = await release(member(name).cookie);
        expect(response.statusCode, name).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
      expect(await current()).toBe(member('teacher').personId);
    });

    it("lets an admin (and a developer) end someone else's duty", async () => {
      await take(member('teacher').cookie);
      expect((await release(adminCookie)).statusCode).toBe(200);
      expect(await current()).toBeNull();
      await take(member('kitchen').cookie);
      expect((await release(member('developer').cookie)).statusCode).toBe(200);
      expect(await current()).toBeNull();
    });

    it('leaves the duty alone when someone else took over in the meantime', async () => {
      await take(member('teacher').cookie);
      await take(member('stipp').cookie);
      // The teacher's page still showed the teacher on duty.
      const stale = await release(member('teacher').cookie, { personId: member('teacher').personId });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'supervision-changed',
        title: 'Noen andre har tatt over tilsynet i mellomtiden.',
      });
      const staleAdmin = await release(adminCookie, { personId: member('teacher').personId });
      expect(staleAdmin.statusCode).toBe(409);
      expect(await current()).toBe(member('stipp').personId);
    });

    it('answers an end with nobody on duty without announcing anything', async () => {
      await release(adminCookie);
      const live = await listenLive(t, schoolId);
      const response = await release(member('teacher').cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().current).toBeNull();
      const marker = await untilAnnounced(t, live, adminCookie);
      expect(live.received).toEqual([marker]);
      live.close();
    });

    it('refuses a malformed body with 400', async () => {
      await take(member('teacher').cookie);
      const response = await release(member('teacher').cookie, { personId: 42 });
      expect(response.statusCode).toBe(400);
      expect(await current()).toBe(member('teacher').personId);
    });
  });

  it("shows the school's supervision phone and the person's own phone", async () => {
    await db()
      .updateTable('person')
      .set({ phone: '+47 912 34 567' })
      .where('id', '=', member('kitchen').personId)
      .execute();
    const patched = await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { supervisionPhone: '+47 400 00 000' },
    });
    expect(patched.statusCode).toBe(200);
    await take(member('kitchen').cookie);
    // What a hallway screen shows, read by someone who may read it (a TV account gets it with its
    // screen's content: decision 024).
    expect((await get(member('tv').cookie)).statusCode).toBe(403);
    const body = (await get(member('student').cookie)).json<Supervision>();
    expect(body.supervisionPhone).toBe('+47 400 00 000');
    expect(body.current).toMatchObject({ personId: member('kitchen').personId, phone: '+47 912 34 567' });
  });

  it('shows nobody on duty when the person on duty no longer exists', async () => {
    const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    await take(await login(t, email));
    await db().deleteFrom('person').where('id', '=', personId).execute();
    expect((await get(adminCookie)).json().current).toBeNull();
  });

  describe('another school', () => {
    it('neither sees nor changes this school’s duty', async () => {
      await take(member('teacher').cookie);
      const seen = await get(otherAdminCookie);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toEqual({ current: null, supervisionPhone: null });
      expect((await release(otherAdminCookie)).statusCode).toBe(200);
      expect(await current()).toBe(member('teacher').personId);
      expect((await take(otherAdminCookie)).statusCode).toBe(200);
      expect(await current()).toBe(member('teacher').personId);
    });
  });

  it("reaches a student's live stream when someone takes over", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: member('student').cookie });
    expect(stream.status).toBe(200);
    await take(member('stipp').cookie);
    const message = await stream.next(isChange('school'));
    expect(JSON.parse(message.data!)).toEqual({ topic: 'school', ids: [schoolId] });
    stream.close();
  });
});
