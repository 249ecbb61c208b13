/**
 * What a live stream may carry and how long it lives: a subscriber gets only what they may know
 * (docs/decisions/016-live-streams-and-sign-in-throttling.md), and a stream ends with its
 * session (sign-out, expiry, erasure, a change of roles), on every instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { attendanceSchool } from './attendance-factories';
import { callApi, createPerson, login, setupSchool } from './factories';
import {
  createTestApp,
  createTestAppOn,
  createTestDatabase,
  dialects,
  type TestApp,
  type TestDatabase,
} from './helper';
import { isChange, openSse, type SseMessage, type SseStream } from './sse-client';

/** Generous: only a broken server misses it. */
const WITHIN = 10_000;

function changes(stream: SseStream): { topic: string; ids: string[] }[] {
  return stream.received
    .filter((message: SseMessage) => message.event === 'change')
    .map((message) => JSON.parse(message.data!) as { topic: string; ids: string[] });
}

/** Fails unless the stream ends within `ms`. */
async function endsWithin(stream: SseStream, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(dialects())('live topics carry only what each subscriber may know, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let school: Awaited<ReturnType<typeof attendanceSchool>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    school = await attendanceSchool(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("keeps other students' absence in advance and records out of a student's stream", async () => {
    const { students } = school;
    const anna = await openSse(`${base}/api/v1/live`, { cookie: students.anna.cookie });
    const cecilie = await openSse(`${base}/api/v1/live`, { cookie: students.cecilie.cookie });
    const teacher = await openSse(`${base}/api/v1/live`, { cookie: school.teacher });
    const stipp = await openSse(`${base}/api/v1/live`, { cookie: school.stipp });

    const day = await callApi(t, school.teacher, 'PUT', '/api/v1/attendance/preliminary-days', {
      date: '2026-11-23',
      studentId: students.bjorn.id,
      preliminaryStatus: 'justifiedLeave',
      note: 'Tannlege',
    });
    expect(day.status).toBeLessThan(300);
    const early = await callApi(t, school.teacher, 'PUT', '/api/v1/attendance/preliminary', {
      eventId: school.eventM,
      studentId: students.cecilie.id,
      preliminaryStatus: 'justifiedLeave',
      note: null,
    });
    expect(early.status).toBeLessThan(300);
    const sheet = await callApi(
      t,
      school.teacher,
      'PUT',
      `/api/v1/attendance/events/${encodeURIComponent(school.eventL)}`,
      {
        records: [
          { studentId: students.anna.id, manualStatus: 'attending', note: null },
          { studentId: students.bjorn.id, manualStatus: 'notAttending', note: null },
        ],
      },
    );
    expect(sheet.status).toBeLessThan(300);
    // A later change everyone hears: whatever came before it has arrived.
    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: school.admin,
      payload: { longName: 'Fjordtun folkehøgskole, endret' },
    });
    await anna.next(isChange('school'), WITHIN);
    await cecilie.next(isChange('school'), WITHIN);
    await stipp.next(isChange('school'), WITHIN);
    await teacher.next(isChange('school'), WITHIN);

    // Staff, and scholars (who may view absence in advance), hear it with its ids.
    const dayId = `2026-11-23-${students.bjorn.id}`;
    const eventEntryId = `${school.eventM}-${students.cecilie.id}`;
    for (const stream of [teacher, stipp]) {
      const early = changes(stream).filter((change) => change.topic === 'preliminaryAbsence');
      expect(early.flatMap((change) => change.ids)).toEqual(expect.arrayContaining([dayId, eventEntryId]));
    }
    expect(changes(teacher)).toContainEqual({ topic: 'attendance', ids: [school.eventL] });

    // The student hears that attendance changed (their own record did), and nothing more.
    const heard = changes(anna);
    expect(heard.some((change) => change.topic === 'preliminaryAbsence')).toBe(false);
    expect(heard.filter((change) => change.topic === 'attendance')).not.toHaveLength(0);
    for (const change of heard.filter((change) => change.topic === 'attendance')) {
      expect(change.ids).toEqual([]);
    }
    const text = JSON.stringify(anna.received);
    expect(text).not.toContain(students.bjorn.id);
    expect(text).not.toContain(students.cecilie.id);
    // A student whose records the save did not touch hears nothing of it (in a school of 400, a
    // save would otherwise reach every student's phone), nor does the scholar, whose own they
    // are not either.
    expect(changes(cecilie).filter((change) => change.topic === 'attendance')).toEqual([]);
    expect(changes(stipp).filter((change) => change.topic === 'attendance')).toEqual([]);
    for (const stream of [anna, cecilie, teacher, stipp]) stream.close();
  });

  it('announces changes to the file archive, with their ids, to everyone (files:view)', async () => {
    const streams = [
      await openSse(`${base}/api/v1/live`, { cookie: school.students.anna.cookie }),
      await openSse(`${base}/api/v1/live`, { cookie: school.stipp }),
      await openSse(`${base}/api/v1/live`, { cookie: school.teacher }),
    ];
    const { body } = await callApi<{ id: string }>(t, school.admin, 'POST', '/api/v1/files/folders', {
      name: 'Felles',
      parentId: null,
    });
    for (const stream of streams) {
      const change = await stream.next(isChange('files'), WITHIN);
      expect(JSON.parse(change.data!)).toEqual({ topic: 'files', ids: [body.id] });
      stream.close();
    }
    // Another school hears nothing of it.
    const other = await callApi<{ items: unknown[]; folders: unknown[] }>(
      t,
      school.otherAdmin,
      'GET',
      '/api/v1/files',
    );
    expect(other.body.folders).toEqual([]);
  });
});

describe.each(dialects())('a live stream ends with its session, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let adminCookie: string;
  let schoolId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LIVE_HEARTBEAT_MS: '1000', LOGIN_RATE_LIMIT: '1000' } });
    ({ adminCookie, schoolId } = await setupSchool(t));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("closes within a second of its session's sign-out; the person's other sessions stay", async () => {
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    const signedOut = await login(t, email);
    const other = await login(t, email);
    const stream = await openSse(`${base}/api/v1/live`, { cookie: signedOut });
    const kept = await openSse(`${base}/api/v1/live`, { cookie: other });
    expect(stream.status).toBe(200);
    // The heartbeat proves the stream is up before the sign-out.
    await stream.next((m) => m.comment === 'ping', WITHIN);

    const logout = await t.request({ method: 'POST', url: '/api/v1/logout', cookie: signedOut });
    expect(logout.statusCode).toBe(204);
    await endsWithin(stream, 1000);

    await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { longName: 'Etter utlogging' },
    });
    await kept.next(isChange('school'), WITHIN);
    kept.close();
  });

  it("closes when an admin changes the person's roles; a new stream has the new rights", async () => {
    const { email, personId } = await createPerson(t, schoolId, { login: true });
    const cookie = await login(t, email);
    const stream = await openSse(`${base}/api/v1/live`, { cookie });
    await stream.next((m) => m.comment === 'ping', WITHIN);

    const changed = await t.request({
      method: 'PUT',
      url: `/api/v1/people/${personId}/roles`,
      cookie: adminCookie,
      payload: { roles: ['teacher'] },
    });
    expect(changed.statusCode).toBe(200);
    await endsWithin(stream, WITHIN);

    // Reconnecting (as the browser does) gets what a teacher may hear.
    const again = await openSse(`${base}/api/v1/live`, { cookie });
    expect(again.status).toBe(200);
    const { body } = await callApi<{ id: string }>(t, adminCookie, 'POST', '/api/v1/people', {
      name: { first: 'Ny', last: 'Elev' },
      email: null,
      roles: [],
    });
    const student = body.id;
    await callApi(t, cookie, 'PUT', '/api/v1/attendance/preliminary-days', {
      date: '2026-11-23',
      studentId: student,
      preliminaryStatus: 'justifiedLeave',
      note: null,
    });
    const early = await again.next(isChange('preliminaryAbsence'), WITHIN);
    expect(JSON.parse(early.data!).ids).toEqual([`2026-11-23-${student}`]);
    again.close();
  });

  it('closes when the person is erased', async () => {
    const { email, personId } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    const stream = await openSse(`${base}/api/v1/live`, { cookie: await login(t, email) });
    await stream.next((m) => m.comment === 'ping', WITHIN);
    const erased = await t.request({
      method: 'POST',
      url: `/api/v1/people/${personId}/erase`,
      cookie: adminCookie,
      payload: {},
    });
    expect(erased.statusCode).toBeLessThan(300);
    await endsWithin(stream, WITHIN);
  });

  it('closes at the first heartbeat after the session expired', async () => {
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    const cookie = await login(t, email);
    const stream = await openSse(`${base}/api/v1/live`, { cookie });
    await stream.next((m) => m.comment === 'ping', WITHIN);
    const { userId } = await t.ctx.database.db
      .selectFrom('person')
      .innerJoin('user', 'user.id', 'person.user_id')
      .select('user.id as userId')
      .where('user.email', '=', email)
      .executeTakeFirstOrThrow();
    await t.ctx.database.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() as never })
      .where('userId', '=', userId)
      .execute();
    await endsWithin(stream, WITHIN);
  });
});

describe.runIf(inject('postgresUrl'))('streams end on every instance on PostgreSQL', () => {
  let database: TestDatabase;
  const instances: TestApp[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // One after the other: each migrates (a no-op for the second) and LISTENs on its own.
    for (let i = 0; i < 2; i += 1) {
      const instance = await createTestAppOn(database, 'postgres', {
        LIVE_HEARTBEAT_MS: '60000',
        LOGIN_RATE_LIMIT: '1000',
      });
      instances.push(instance);
      urls.push(await instance.app.listen({ port: 0, host: '127.0.0.1' }));
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database.drop();
  });

  it("closes another instance's stream at sign-out and at a change of roles", async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const { adminCookie, schoolId } = await setupSchool(a);
    const { email, personId } = await createPerson(a, schoolId, { roles: ['teacher'], login: true });

    // Signed in and streaming on B, signed out through A.
    const first = await login(b, email);
    const stream = await openSse(`${urls[1]}/api/v1/live`, { cookie: first });
    expect(stream.status).toBe(200);
    const logout = await a.request({ method: 'POST', url: '/api/v1/logout', cookie: first });
    expect(logout.statusCode).toBe(204);
    await endsWithin(stream, 1000);

    // Roles changed through A: B's stream of the person ends.
    const second = await openSse(`${urls[1]}/api/v1/live`, { cookie: await login(b, email) });
    expect(second.status).toBe(200);
    const roles = await a.request({
      method: 'PUT',
      url: `/api/v1/people/${personId}/roles`,
      cookie: adminCookie,
      payload: { roles: [] },
    });
    expect(roles.statusCode).toBe(200);
    await endsWithin(second, WITHIN);
  }, 60_000);
});
