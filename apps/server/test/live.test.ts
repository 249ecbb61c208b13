import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
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
