/**
 * The 93 % warning (decision 027): a sheet save that writes absence queues one job; the job warns
 * a student who is under 93 % of the school year, and the teachers of their lines, once per
 * school year, and clears the mark when the share is back at 93 % or more.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  schoolTimeToInstant,
  schoolYearOf,
  todayInSchoolZone,
  type AttendanceStatus,
  type CalendarEvent,
  type RoomTag,
} from '@tun/shared';
import { enqueueJob, type JobPayloads } from '../src/jobs/job-queue';
import { claimJob } from '../src/jobs/jobs.repository';
import { tagClock } from '../src/modules/attendance-tags/attendance-tags.service';
import { callApi, createPerson, insertLine, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('attendance warnings on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let teacher: string;
  let teacherId: string;
  let assistantId: string;
  let otherTeacherId: string;
  let lineId: string;
  let counter = 0;
  const today = todayInSchoolZone();
  const schoolYear = schoolYearOf(today).from;

  const api = <T = unknown>(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    callApi<T>(t, cookie, method, url, payload);

  /** A student of the line, signed in. */
  const newStudent = async (first: string) => {
    const created = await createPerson(t, schoolId, { first, last: 'Elev', login: true });
    await t.ctx.database.db
      .insertInto('line_member')
      .values({ line_id: lineId, person_id: created.personId, school_id: schoolId })
      .execute();
    return { id: created.personId, cookie: await login(t, created.email) };
  };

  /** Minutes of a record written straight to the table today: what came before this test. */
  const past = async (studentId: string, minutes: number, status: AttendanceStatus) => {
    counter += 1;
    const eventId = `earlier-${counter}`;
    await t.ctx.database.db
      .insertInto('attendance')
      .values({
        school_id: schoolId,
        id: `${eventId}-${studentId}`,
        event_id: eventId,
        student_id: studentId,
        event_start: new Date(schoolTimeToInstant(today, '00:05')).toISOString(),
        event_date: today,
        event_duration: minutes,
        event_mandatory: 1,
        note: null,
        registered_by: teacherId,
        preliminary_by: null,
        status,
        nfc_status: null,
        preliminary_status: null,
        manual_status: status,
        updated_at: new Date().toISOString(),
      })
      .execute();
  };

  /** A mandatory lesson of the line today, of `minutes`. */
  const lesson = async (minutes = 60, room: string | null = null, from = '08:00') => {
    counter += 1;
    const start = schoolTimeToInstant(today, from);
    const response = await api<CalendarEvent>(admin, 'POST', '/api/v1/calendar/events', {
      name: `Time ${counter}`,
      start: new Date(start).toISOString(),
      end: new Date(start + minutes * 60_000).toISOString(),
      type: 'class',
      mandatory: true,
      roomUsed: room,
      groupsAttending: [lineId],
    });
    expect(response.status).toBe(201);
    return response.body;
  };

  const save = async (eventId: string, records: { studentId: string; manualStatus: AttendanceStatus }[]) => {
    const response = await api(teacher, 'PUT', `/api/v1/attendance/events/${encodeURIComponent(eventId)}`, {
      records,
    });
    expect(response.status).toBe(200);
  };

  const queuedWarnings = async () => {
    const rows = await t.ctx.database.db
      .selectFrom('job')
      .select(['payload', 'school_id'])
      .where('kind', '=', 'attendance.warnings')
      .execute();
    return rows.map((row) => ({
      schoolId: row.school_id,
      payload: JSON.parse(row.payload) as JobPayloads['attendance.warnings'],
    }));
  };

  /** The attendance notifications about a student, per person told. */
  const warningsTo = async (personId: string) =>
    t.ctx.database.db
      .selectFrom('notification')
      .select(['title', 'text', 'link', 'source'])
      .where('person_id', '=', personId)
      .where('category', '=', 'attendance')
      .orderBy('created_at')
      .execute();

  const warningRow = (studentId: string) =>
    t.ctx.database.db
      .selectFrom('attendance_warning')
      .selectAll()
      .where('student_id', '=', studentId)
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOB_POLL_MS: '3600000' } });
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    const staff = async (roles: string[]) => {
      const created = await createPerson(t, schoolId, { roles, login: true });
      return { id: created.personId, cookie: await login(t, created.email) };
    };
    const lineTeacher = await staff(['teacher']);
    teacher = lineTeacher.cookie;
    teacherId = lineTeacher.id;
    assistantId = (await staff(['teacher'])).id;
    otherTeacherId = (await staff(['teacher'])).id;
    lineId = await insertLine(t, schoolId, { name: 'Friluftsliv' });
    const otherLine = await insertLine(t, schoolId, { name: 'Musikk' });
    await t.ctx.database.db
      .insertInto('line_staff')
      .values([
        { line_id: lineId, person_id: teacherId, school_id: schoolId, kind: 'teacher' },
        { line_id: lineId, person_id: assistantId, school_id: schoolId, kind: 'assistant' },
        { line_id: otherLine, person_id: otherTeacherId, school_id: schoolId, kind: 'teacher' },
      ])
      .execute();
    // The app's own look at start-up, finished before the tests queue anything.
    await t.ctx.jobs.runDue();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  it('queues one job for the students a save marks absent, and none for those there', async () => {
    const anna = await newStudent('Anna');
    const bjorn = await newStudent('Bjørn');
    const cecilie = await newStudent('Cecilie');
    const event = await lesson();
    await save(event.id, [
      { studentId: anna.id, manualStatus: 'notAttending' },
      { studentId: bjorn.id, manualStatus: 'justifiedLeave' },
      { studentId: cecilie.id, manualStatus: 'attending' },
    ]);
    const queued = await queuedWarnings();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.schoolId).toBe(schoolId);
    expect(queued[0]!.payload.schoolId).toBe(schoolId);
    expect([...queued[0]!.payload.studentIds].sort()).toEqual([anna.id, bjorn.id].sort());
    await t.ctx.jobs.runDue();
    // Anna and Bjørn missed their only lesson (0 %) and are told; Cecilie was there.
    expect(await warningsTo(anna.id)).toHaveLength(1);
    expect(await warningsTo(bjorn.id)).toHaveLength(1);
    expect(await warningsTo(cecilie.id)).toHaveLength(0);
    expect(await queuedWarnings()).toEqual([]);

    // The same sheet saved again unchanged writes no record, so it queues nothing.
    await save(event.id, [
      { studentId: anna.id, manualStatus: 'notAttending' },
      { studentId: bjorn.id, manualStatus: 'justifiedLeave' },
      { studentId: cecilie.id, manualStatus: 'attending' },
    ]);
    expect(await queuedWarnings()).toEqual([]);
  });

  it('joins the students of later saves into the check still waiting, not into one taken', async () => {
    const erik = await newStudent('Erik');
    const frida = await newStudent('Frida');
    const gro = await newStudent('Gro');
    await save((await lesson()).id, [{ studentId: erik.id, manualStatus: 'notAttending' }]);
    await save((await lesson()).id, [
      { studentId: frida.id, manualStatus: 'notAttending' },
      { studentId: erik.id, manualStatus: 'justifiedLeave' },
    ]);
    const joined = await queuedWarnings();
    expect(joined).toHaveLength(1);
    expect([...joined[0]!.payload.studentIds].sort()).toEqual([erik.id, frida.id].sort());

    // Taken by a run (its payload read): a save now queues a check of its own.
    const [waiting] = await t.ctx.database.db
      .selectFrom('job')
      .select('id')
      .where('kind', '=', 'attendance.warnings')
      .execute();
    const lease = new Date(Date.now() + 60_000).toISOString();
    expect(await claimJob(t.ctx.database.db, waiting!.id, new Date().toISOString(), lease, 8)).toBeDefined();
    await save((await lesson()).id, [{ studentId: gro.id, manualStatus: 'notAttending' }]);
    const queued = (await queuedWarnings()).map((job) => [...job.payload.studentIds].sort());
    expect(queued.sort((a, b) => a.length - b.length)).toEqual([[gro.id], [erik.id, frida.id].sort()]);

    await t.ctx.database.db
      .updateTable('job')
      .set({ locked_until: null })
      .where('id', '=', waiting!.id)
      .execute();
    await t.ctx.jobs.runDue();
    for (const student of [erik, frida, gro]) expect(await warningsTo(student.id)).toHaveLength(1);
    expect(await queuedWarnings()).toEqual([]);
  });

  it('warns a student who falls under 93 % and their line’s teachers once, again after rising above', async () => {
    const dina = await newStudent('Dina');
    await past(dina.id, 1000, 'attending');
    const before = (await warningsTo(teacherId)).length;

    // 1000 of 1060 minutes: 94.3 %, no warning.
    await save((await lesson()).id, [{ studentId: dina.id, manualStatus: 'notAttending' }]);
    await t.ctx.jobs.runDue();
    expect(await warningsTo(dina.id)).toEqual([]);
    expect(await warningRow(dina.id)).toBeUndefined();

    // 1000 of 1120: 89.2 %, under 93: Dina and the line's teacher are told.
    await save((await lesson()).id, [{ studentId: dina.id, manualStatus: 'notAttending' }]);
    await t.ctx.jobs.runDue();
    expect(await warningsTo(dina.id)).toEqual([
      {
        title: 'Oppmøtet ditt er under 93 %',
        text:
          'Du har vært til stede i 89,2 % av den obligatoriske undervisningen dette skoleåret. ' +
          'Lånekassen krever minst 90 %. Snakk med kontaktlæreren din om fraværet.',
        link: '/app/attendance',
        source: `attendance-warning:${dina.id}`,
      },
    ]);
    const toTeacher = (await warningsTo(teacherId)).slice(before);
    expect(toTeacher).toEqual([
      {
        title: 'Oppmøtet til Dina Elev er under 93 %',
        text:
          'Dina Elev har vært til stede i 89,2 % av den obligatoriske undervisningen dette skoleåret. ' +
          'Lånekassen krever minst 90 %.',
        link: '/app/attendance/report',
        source: `attendance-warning:${dina.id}`,
      },
    ]);
    // Not the line's assistant, not another line's teacher.
    expect(await warningsTo(assistantId)).toEqual([]);
    expect(await warningsTo(otherTeacherId)).toEqual([]);
    expect(await warningRow(dina.id)).toMatchObject({
      school_id: schoolId,
      school_year: schoolYear,
      per_mille: 892,
    });
    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_person_id', 'after'])
      .where('entity', '=', 'attendance_warning')
      .where('entity_id', '=', `${schoolYear}-${dina.id}`)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'create', actor_person_id: null })]);

    // Further absence: still under, told no more.
    await save((await lesson()).id, [{ studentId: dina.id, manualStatus: 'justifiedLeave' }]);
    await t.ctx.jobs.runDue();
    expect(await warningsTo(dina.id)).toHaveLength(1);
    expect((await warningsTo(teacherId)).slice(before)).toHaveLength(1);

    // Back above: 4000 of 4240 (94.3 %) at the next absence, and the mark goes, silently.
    await past(dina.id, 3000, 'attending');
    await save((await lesson()).id, [{ studentId: dina.id, manualStatus: 'notAttending' }]);
    await t.ctx.jobs.runDue();
    expect(await warningRow(dina.id)).toBeUndefined();
    expect(await warningsTo(dina.id)).toHaveLength(1);

    // Under again (4000 of 4480: 89.2 %): warned again.
    await save((await lesson(240)).id, [{ studentId: dina.id, manualStatus: 'notAttending' }]);
    await t.ctx.jobs.runDue();
    expect(await warningsTo(dina.id)).toHaveLength(2);
    expect((await warningsTo(teacherId)).slice(before)).toHaveLength(2);
    expect(await warningRow(dina.id)).toMatchObject({ per_mille: 892 });
  });

  it('decides for every student of a sheet that takes more than one query to sum', async () => {
    // The job sums ten students a query; the eleventh and twelfth are in the second.
    const students = [];
    for (let index = 0; index < 12; index += 1) {
      const created = await createPerson(t, schoolId, { first: `Nr${index}`, last: 'Elev' });
      await t.ctx.database.db
        .insertInto('line_member')
        .values({ line_id: lineId, person_id: created.personId, school_id: schoolId })
        .execute();
      // 1000 minutes there, and an hour away at the save: 94.3 %, except the last two's 500:
      // 89.2 %.
      await past(created.personId, index < 10 ? 1000 : 500, 'attending');
      students.push(created.personId);
    }
    await save(
      (await lesson()).id,
      students.map((studentId) => ({ studentId, manualStatus: 'notAttending' as const })),
    );
    await t.ctx.jobs.runDue();
    const warned = await t.ctx.database.db
      .selectFrom('attendance_warning')
      .select(['student_id', 'per_mille'])
      .where('student_id', 'in', students)
      .orderBy('per_mille')
      .execute();
    expect(warned.map((row) => row.student_id).sort()).toEqual(students.slice(10).sort());
    expect(warned.map((row) => row.per_mille)).toEqual([892, 892]);
  });

  it('leaves a student who has left alone', async () => {
    const erik = await newStudent('Erik');
    await past(erik.id, 60, 'notAttending');
    expect((await api(admin, 'PUT', `/api/v1/people/${erik.id}/left`, { leftOn: today })).status).toBe(200);
    await enqueueJob(t.ctx.database.db, {
      schoolId,
      kind: 'attendance.warnings',
      payload: { schoolId, studentIds: [erik.id] },
    });
    await t.ctx.jobs.runDue();
    expect(await warningRow(erik.id)).toBeUndefined();
    expect(await warningsTo(erik.id)).toEqual([]);
    expect(await queuedWarnings()).toEqual([]);
  });

  it('queues nothing for a scan', async () => {
    const frida = await newStudent('Frida');
    const room = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Klasserom' })).body.id;
    expect((await api(admin, 'POST', `/api/v1/rooms/${room}/tag`, { rotating: false })).status).toBe(201);
    const event = await lesson(60, room, '10:00');
    vi.spyOn(tagClock, 'now').mockReturnValue(schoolTimeToInstant(today, '10:05'));
    const key = (await api<RoomTag>(admin, 'GET', `/api/v1/rooms/${room}/tag`)).body.keyOfTheDay;
    const scanned = await api<{ status: string; event: { id: string } }>(
      frida.cookie,
      'POST',
      '/api/v1/attendance/scan',
      { roomId: room, key },
    );
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatchObject({ status: 'attending', event: { id: event.id } });
    expect(await queuedWarnings()).toEqual([]);
  });

  it('exports the warnings with the student and erases them, and the teachers’ notices, with them', async () => {
    const gro = await newStudent('Gro');
    await past(gro.id, 100, 'attending');
    await save((await lesson()).id, [{ studentId: gro.id, manualStatus: 'notAttending' }]);
    await t.ctx.jobs.runDue();
    const source = `attendance-warning:${gro.id}`;
    expect((await warningsTo(teacherId)).filter((row) => row.source === source)).toHaveLength(1);

    const exported = await api<Record<string, unknown>>(
      admin,
      'GET',
      `/api/v1/people/${gro.id}/privacy-export`,
    );
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      attendanceWarnings: [{ schoolYear, perMille: 625, warnedAt: expect.any(String) }],
      attendanceWarningAudit: [expect.objectContaining({ action: 'create', entity: 'attendance_warning' })],
    });

    expect((await api(admin, 'POST', `/api/v1/people/${gro.id}/erase`, {})).status).toBe(204);
    expect(await warningRow(gro.id)).toBeUndefined();
    expect((await warningsTo(teacherId)).filter((row) => row.source === source)).toEqual([]);
    // Other students' warnings stay.
    expect((await warningsTo(teacherId)).length).toBeGreaterThan(0);
  });

  it('keeps a warning when the student leaves', async () => {
    const hege = await newStudent('Hege');
    await save((await lesson()).id, [{ studentId: hege.id, manualStatus: 'notAttending' }]);
    await t.ctx.jobs.runDue();
    expect(await warningRow(hege.id)).toMatchObject({ per_mille: 0 });
    expect((await api(admin, 'PUT', `/api/v1/people/${hege.id}/left`, { leftOn: today })).status).toBe(200);
    expect(await warningRow(hege.id)).toMatchObject({ per_mille: 0 });
  });

  it('does nothing for ids that are not the school’s students', async () => {
    await enqueueJob(t.ctx.database.db, {
      schoolId,
      kind: 'attendance.warnings',
      payload: { schoolId, studentIds: [randomUUID(), teacherId] },
    });
    await t.ctx.jobs.runDue();
    expect(await queuedWarnings()).toEqual([]);
    const failed = await t.ctx.database.db.selectFrom('job').select(['kind', 'last_error']).execute();
    expect(failed).toEqual([]);
  });
});
