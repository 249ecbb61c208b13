import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LIVE_ID_HEADER } from '@tun/shared';
import {
  createPerson,
  createSchool,
  lastLiveEventId,
  login,
  PASSWORD,
  setupInput,
  setupSchool,
} from './factories';
import { createTestApp, createTestDatabase, dialects, type TestApp, type TestDatabase } from './helper';
import { startServer } from './server-process';
import { isChange, openSse, type SseMessage } from './sse-client';

describe.each(dialects())('live updates on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let adminCookie: string;
  let schoolId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LIVE_HEARTBEAT_MS: '1000' } });
    ({ adminCookie, schoolId } = await setupSchool(t));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    const stream = await openSse(`${base}/api/v1/live`);
    expect(stream.status).toBe(401);
    stream.close();
  });

  it('sends a change to a subscriber, ids only, and heartbeats', async () => {
    const { email } = await createPerson(t, schoolId, { login: true });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: await login(t, email) });
    expect(stream.status).toBe(200);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { longName: 'Endret navn' },
    });
    const message = await stream.next(isChange('school'));
    expect(JSON.parse(message.data!)).toEqual({ topic: 'school', ids: [schoolId] });
    expect(Number(message.id)).toBeGreaterThan(0);
    await stream.next((m) => m.comment === 'ping', 3000);
    stream.close();
  });

  it("does not send one school's changes to another school", async () => {
    const other = await createSchool(t, 'Annentun');
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    const otherCookie = await login(t, email);
    const stream = await openSse(`${base}/api/v1/live`, { cookie: otherCookie });
    const own = await openSse(`${base}/api/v1/live`, { cookie: adminCookie });
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'Fjord' },
    });
    await own.next(isChange('school'));
    // A barrier: the other school's own change, which its stream hears after anything before it.
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: otherCookie,
      payload: { longName: 'Annentun skole' },
    });
    const marker = await stream.next(isChange('school'));
    expect(JSON.parse(marker.data!).ids).toEqual([other]);
    expect(stream.received.filter((m) => m.event === 'change')).toEqual([marker]);
    stream.close();
    own.close();
  });

  it('resumes with Last-Event-ID and replays what was missed', async () => {
    const first = await openSse(`${base}/api/v1/live`, { cookie: adminCookie });
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'A' },
    });
    const seen = await first.next(isChange('school'));
    first.close();
    // Two changes while the client is away.
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'B' },
    });
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'C' },
    });
    const resumed = await openSse(`${base}/api/v1/live`, { cookie: adminCookie, 'last-event-id': seen.id! });
    await resumed.next(
      (m) => resumed.received.filter((r) => r.event === 'change').length === 2 && Boolean(m),
    );
    const ids = resumed.received.filter((m) => m.event === 'change').map((m) => Number(m.id));
    expect(ids).toHaveLength(2);
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
    resumed.close();
  });

  it('tells every API answer the latest live id heard when it arrived, but not the stream', async () => {
    const before = await t.request({ method: 'GET', url: '/api/v1/school', cookie: adminCookie });
    const first = Number(before.headers[LIVE_ID_HEADER]);
    expect(Number.isSafeInteger(first)).toBe(true);
    const stream = await openSse(`${base}/api/v1/live`, { cookie: adminCookie });
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { longName: 'Med live-id' },
    });
    // Once the stream has it, the bus of this instance has heard of it.
    const change = await stream.next((m) => isChange('school')(m) && Number(m.id) > first);
    stream.close();
    const after = await t.request({ method: 'GET', url: '/api/v1/people', cookie: adminCookie });
    expect(Number(after.headers[LIVE_ID_HEADER])).toBeGreaterThanOrEqual(Number(change.id));
    // Problems carry it too: any answer may be kept by the client.
    const missing = await t.request({
      method: 'GET',
      url: '/api/v1/rooms/no-such-room',
      cookie: adminCookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers[LIVE_ID_HEADER]).toBeDefined();
    // Nobody else learns how many changes every school makes.
    const signedOut = await t.request({ method: 'GET', url: '/api/v1/health' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers[LIVE_ID_HEADER]).toBeUndefined();

    const controller = new AbortController();
    const live = await fetch(`${base}/api/v1/live`, {
      headers: { cookie: adminCookie },
      signal: controller.signal,
    });
    expect(live.headers.get(LIVE_ID_HEADER)).toBeNull();
    controller.abort();
  });

  it('replays, from ?lastEventId=, exactly the changes since then that the user may see', async () => {
    const other = await createSchool(t, 'Replaytun');
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    const otherCookie = await login(t, email);
    const page = await t.request({ method: 'GET', url: '/api/v1/school', cookie: adminCookie });
    const floor = Number(page.headers[LIVE_ID_HEADER]);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'Sett' },
    });
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: otherCookie,
      payload: { shortName: 'Ikke sett' },
    });
    const stream = await openSse(`${base}/api/v1/live?lastEventId=${floor}`, { cookie: adminCookie });
    // A barrier: a change after the stream opened, sent after everything replayed.
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'Etter' },
    });
    const barrier = await lastLiveEventId(t);
    await stream.next((m) => Number(m.id) === barrier);
    const ownSince = await t.ctx.database.db
      .selectFrom('live_event')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('id', '>', floor)
      .where('id', '<=', barrier)
      .orderBy('id')
      .execute();
    const received = stream.received.filter((m) => m.event === 'change').map((m) => Number(m.id));
    expect(received).toEqual(ownSince.map((row) => Number(row.id)));
    expect(stream.received.some((m) => m.event === 'reset')).toBe(false);
    stream.close();
  });

  it('sends a reset instead when what was missed is no longer kept, too much, or unknown', async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'Gammel' },
    });
    const pruned = await lastLiveEventId(t);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: 'Ny' },
    });
    // As the 24-hour pruning would: the change after the floor is gone.
    await t.ctx.database.db.deleteFrom('live_event').where('id', '<=', pruned).execute();
    const newest = await lastLiveEventId(t);
    const tooOld = await openSse(`${base}/api/v1/live?lastEventId=${pruned - 1}`, { cookie: adminCookie });
    const reset = await tooOld.next((m) => m.event === 'reset');
    expect(reset.id).toBe(String(newest));
    expect(reset.data).toBe('{}');
    expect(tooOld.received.filter((m) => m.event === 'change')).toEqual([]);
    tooOld.close();

    const unknown = await openSse(`${base}/api/v1/live`, {
      cookie: adminCookie,
      'last-event-id': String(newest + 1_000_000),
    });
    await unknown.next((m) => m.event === 'reset');
    unknown.close();

    // More than the replay limit (500) since the floor.
    const floor = await lastLiveEventId(t);
    await t.ctx.database.db
      .insertInto('live_event')
      .values(
        Array.from({ length: 501 }, () => ({
          school_id: schoolId,
          topic: 'rooms',
          ids: '[]',
          people: null,
          at: new Date().toISOString(),
        })),
      )
      .execute();
    const tooMany = await openSse(`${base}/api/v1/live?lastEventId=${floor}`, { cookie: adminCookie });
    await tooMany.next((m) => m.event === 'reset');
    expect(tooMany.received.filter((m) => m.event === 'change')).toEqual([]);
    tooMany.close();

    // Within the limit, no reset: the replay itself.
    const within = await openSse(`${base}/api/v1/live?lastEventId=${floor + 1}`, { cookie: adminCookie });
    await within.next(() => within.received.filter((m) => m.event === 'change').length === 500, 10_000);
    expect(within.received.some((m) => m.event === 'reset')).toBe(false);
    within.close();
  });

  it('does not announce a write that failed', async () => {
    // Only what is written from now on counts: on PostgreSQL an earlier test's NOTIFY may still
    // be on its way when the stream opens.
    const after = await lastLiveEventId(t);
    const isNew = (m: SseMessage) => m.event === 'change' && Number(m.id) > after;
    const stream = await openSse(`${base}/api/v1/live`, { cookie: adminCookie });
    const bad = await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { shortName: '' },
    });
    expect(bad.statusCode).toBe(400);
    // A barrier: a write that succeeds, which the stream hears after anything before it.
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { longName: 'Etter feilen' },
    });
    const marker = await stream.next((m) => isChange('school')(m) && isNew(m));
    expect(stream.received.filter(isNew)).toEqual([marker]);
    stream.close();
  });
});

describe.runIf(inject('postgresUrl'))('live updates across two server processes on PostgreSQL', () => {
  let database: TestDatabase;
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const server of servers) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await database.drop();
  });

  // Two server processes start on a machine that may be busy: see startServer's deadline.
  it('delivers a write through one instance to a subscriber of the other', async () => {
    const a = await startServer(database.env);
    servers.push(a.process);
    const b = await startServer(database.env);
    servers.push(b.process);

    const input = setupInput();
    const setup = await fetch(`${a.url}/api/v1/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(setup.status).toBe(201);
    const signIn = async (url: string) => {
      const response = await fetch(`${url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: input.admin.email, password: PASSWORD }),
      });
      expect(response.status).toBe(200);
      return response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    const stream = await openSse(`${b.url}/api/v1/live`, { cookie: await signIn(b.url) });
    expect(stream.status).toBe(200);

    const change = await fetch(`${a.url}/api/v1/school`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: await signIn(a.url) },
      body: JSON.stringify({ longName: 'Skrevet via instans A' }),
    });
    expect(change.status).toBe(200);
    const message = await stream.next(isChange('school'), 10_000);
    expect(JSON.parse(message.data!).topic).toBe('school');
    stream.close();
  }, 300_000);
});
