import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEMS, type AttendanceSheet } from '@tun/shared';
import { registrationDateAfter } from '../src/modules/attendance/attendance.service';
import { attendanceSchool } from './attendance-factories';
import { callApi, lastLiveEventId, liveEventsAfter } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

// A save queued on a teacher's phone while offline reaches the server later: it names the sheet it
// was made from (`basedOn`), and a sheet saved since is not overwritten unseen.

describe('the date of a new registration', () => {
  it('is now, or a millisecond after the one it replaces if that is not earlier', () => {
    const now = Date.parse('2026-11-23T08:00:00.000Z');
    expect(registrationDateAfter(null, now)).toBe('2026-11-23T08:00:00.000Z');
    expect(registrationDateAfter('2026-11-23T07:59:00.000Z', now)).toBe('2026-11-23T08:00:00.000Z');
    expect(registrationDateAfter('2026-11-23T08:00:00.000Z', now)).toBe('2026-11-23T08:00:00.001Z');
    expect(registrationDateAfter('2026-11-23T08:00:05.000Z', now)).toBe('2026-11-23T08:00:05.001Z');
    // Something that is not a date (an old import) is simply replaced.
    expect(registrationDateAfter('i går', now)).toBe('2026-11-23T08:00:00.000Z');
  });
});

describe.each(dialects())('saving a sheet based on what the teacher saw, on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let teacher: string;
  let teacherId: string;
  let admin: string;
  let adminId: string;
  let anna: string;
  let bjorn: string;
  let freshWeek: Awaited<ReturnType<typeof attendanceSchool>>['freshWeek'];

  const sheetUrl = (eventId: string) => `/api/v1/attendance/events/${encodeURIComponent(eventId)}`;
  const sheet = async (eventId: string) =>
    (await callApi<AttendanceSheet>(t, teacher, 'GET', sheetUrl(eventId))).body;
  const save = (cookie: string, eventId: string, body: object) =>
    callApi<AttendanceSheet & { code?: string; title?: string }>(t, cookie, 'PUT', sheetUrl(eventId), body);
  const statusOf = (body: AttendanceSheet, studentId: string) =>
    body.rows.find((row) => row.studentId === studentId)?.record?.manualStatus ?? null;
  /** Everything a refused save could have touched: the records, the registration and the audit. */
  const stored = async (eventId: string) => {
    const { db } = t.ctx.database;
    const [records, registration, audits] = await Promise.all([
      db
        .selectFrom('attendance')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('event_attend_reg')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('event_id', '=', eventId)
        .executeTakeFirst(),
      db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('school_id', '=', schoolId)
        .where('entity', '=', 'attendance')
        .executeTakeFirstOrThrow(),
    ]);
    return { records, registration, audits: Number(audits.n) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    let students: Awaited<ReturnType<typeof attendanceSchool>>['students'];
    ({ schoolId, teacher, teacherId, admin, adminId, students, freshWeek } = await attendanceSchool(t));
    anna = students.anna.id;
    bjorn = students.bjorn.id;
  });
  afterAll(() => t.close());

  it('saves a sheet based on the registration it has, and on none for a sheet never saved', async () => {
    const { eventL } = await freshWeek();
    expect((await sheet(eventL)).registration).toBeNull();
    const first = await save(teacher, eventL, {
      records: [{ studentId: anna, manualStatus: 'notAttending' }],
      basedOn: null,
    });
    expect(first.status).toBe(200);
    expect(first.body.registration).toMatchObject({ registeredBy: teacherId });
    expect(statusOf(first.body, anna)).toBe('notAttending');

    const second = await save(admin, eventL, {
      records: [{ studentId: anna, manualStatus: 'attending' }],
      basedOn: first.body.registration!.date,
    });
    expect(second.status).toBe(200);
    expect(second.body.registration!.registeredBy).toBe(adminId);
    expect(second.body.registration!.date > first.body.registration!.date).toBe(true);
    expect(statusOf(second.body, anna)).toBe('attending');
  });

  it('refuses a save based on an older registration with 409 sheet-changed, writing nothing', async () => {
    const { eventL } = await freshWeek();
    const first = await save(teacher, eventL, {
      records: [{ studentId: anna, manualStatus: 'attending' }],
      basedOn: null,
    });
    // Someone saves after the teacher fetched the sheet; the teacher's phone was offline.
    const newer = await save(admin, eventL, {
      records: [
        { studentId: anna, manualStatus: 'justifiedLeave', note: 'Lege' },
        { studentId: bjorn, manualStatus: 'attending' },
      ],
      basedOn: first.body.registration!.date,
    });
    expect(newer.status).toBe(200);
    const before = await stored(eventL);
    const liveBefore = await lastLiveEventId(t);

    const stale = await save(teacher, eventL, {
      records: [{ studentId: anna, manualStatus: 'notAttending' }],
      basedOn: first.body.registration!.date,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'sheet-changed', title: PROBLEMS['sheet-changed'].title });
    expect(await stored(eventL)).toEqual(before);
    expect(await liveEventsAfter(t, liveBefore)).toEqual([]);
    const now = await sheet(eventL);
    expect(now.registration).toEqual(newer.body.registration);
    expect(statusOf(now, anna)).toBe('justifiedLeave');
    expect(statusOf(now, bjorn)).toBe('attending');
  });

  it('refuses a save based on no registration when the sheet has one, and the reverse', async () => {
    const { eventL, eventM } = await freshWeek();
    const first = await save(admin, eventL, {
      records: [{ studentId: anna, manualStatus: 'attending' }],
      basedOn: null,
    });
    const before = await stored(eventL);
    const late = await save(teacher, eventL, {
      records: [{ studentId: anna, manualStatus: 'notAttending' }],
      basedOn: null,
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('sheet-changed');
    expect(await stored(eventL)).toEqual(before);

    // A date for a sheet that has never been saved is not the sheet the server has either.
    const invented = await save(teacher, eventM, { records: [], basedOn: first.body.registration!.date });
    expect(invented.status).toBe(409);
    expect((await stored(eventM)).registration).toBeUndefined();
  });

  it('saves without a check when basedOn is left out, as before', async () => {
    const { eventL } = await freshWeek();
    await save(admin, eventL, { records: [{ studentId: anna, manualStatus: 'attending' }], basedOn: null });
    const plain = await save(teacher, eventL, {
      records: [{ studentId: anna, manualStatus: 'notAttending' }],
    });
    expect(plain.status).toBe(200);
    expect(plain.body.registration!.registeredBy).toBe(teacherId);
    expect(statusOf(plain.body, anna)).toBe('notAttending');
  });

  it('lets only one of two saves based on the same registration through, whichever comes first', async () => {
    const { eventL } = await freshWeek();
    const first = await save(admin, eventL, {
      records: [{ studentId: anna, manualStatus: 'attending' }],
      basedOn: null,
    });
    const basedOn = first.body.registration!.date;
    const [a, b] = await Promise.all([
      save(teacher, eventL, { records: [{ studentId: anna, manualStatus: 'notAttending' }], basedOn }),
      save(admin, eventL, { records: [{ studentId: anna, manualStatus: 'justifiedLeave' }], basedOn }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const now = await sheet(eventL);
    expect(now.registration).toEqual(winner.body.registration);
    expect(statusOf(now, anna)).toBe(statusOf(winner.body, anna));

    // Two first saves at once: one inserts the registration, the other is told it is too late.
    const { eventL: fresh } = await freshWeek();
    const [c, d] = await Promise.all([
      save(teacher, fresh, { records: [{ studentId: anna, manualStatus: 'attending' }], basedOn: null }),
      save(admin, fresh, { records: [{ studentId: bjorn, manualStatus: 'attending' }], basedOn: null }),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 409]);
  });

  it('refuses a basedOn that is not text or null with 400', async () => {
    const { eventL } = await freshWeek();
    const response = await save(teacher, eventL, { records: [], basedOn: 17 });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation-failed');
    expect((await stored(eventL)).registration).toBeUndefined();
  });
});
