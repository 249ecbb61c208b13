import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE_MESSAGES,
  shortFullName,
  todayInSchoolZone,
  type AttendanceRecord,
  type AttendanceSheet,
} from '@tun/shared';
import { attendanceSchool } from './attendance-factories';
import { addRoles } from '../src/modules/people/people.repository';
import { callApi, createPerson, lastLiveEventId, liveEventsAfter, login } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('attendance on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let teacher: string;
  let teacherId: string;
  let stipp: string;
  let stippId: string;
  let otherAdmin: string;
  let students: Record<'anna' | 'bjorn' | 'cecilie', { id: string; cookie: string }>;
  let lineL: string;
  let eventL: string;
  let freshWeek: Awaited<ReturnType<typeof attendanceSchool>>['freshWeek'];

  const api = <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => callApi<T>(t, cookie, method, url, payload);
  const sheetUrl = (eventId: string) => `/api/v1/attendance/events/${encodeURIComponent(eventId)}`;
  /** The sheet's raw answer, revalidated when an ETag is given. */
  const requestSheet = (eventId: string, etag?: string, cookie = teacher) =>
    t.request({
      method: 'GET',
      url: sheetUrl(eventId),
      cookie,
      headers: etag === undefined ? {} : { 'if-none-match': etag },
    });
  const sheet = (cookie: string, eventId: string) => api<AttendanceSheet>(cookie, 'GET', sheetUrl(eventId));
  const save = (eventId: string, records: object[], cookie = teacher) =>
    api<AttendanceSheet>(cookie, 'PUT', sheetUrl(eventId), { records });
  const recordCount = async () =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('attendance')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('school_id', '=', schoolId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, admin, teacher, teacherId, stipp, stippId, otherAdmin, students, lineL, eventL, freshWeek } =
      await attendanceSchool(t));
  });
  afterAll(() => t.close());

  describe('the sheet of an event', () => {
    it("lists the event's expected students, none registered yet", async () => {
      const { eventL } = await freshWeek();
      const { status, body } = await sheet(teacher, eventL);
      expect(status).toBe(200);
      expect(body.registration).toBeNull();
      expect(body.rows.map((row) => [row.studentId, row.status, row.record])).toEqual(
        expect.arrayContaining([
          [students.anna.id, 'notAttending', null],
          [students.bjorn.id, 'notAttending', null],
        ]),
      );
      expect(body.rows).toHaveLength(2);
    });

    it('saves the whole sheet in one go, with minutes, who registered it, an audit row each and a live event', async () => {
      const { eventL } = await freshWeek();
      const before = await lastLiveEventId(t);
      const { status, body } = await save(eventL, [
        { studentId: students.anna.id, manualStatus: 'attending' },
        { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
      ]);
      expect(status).toBe(200);
      const anna = body.rows.find((row) => row.studentId === students.anna.id)!;
      expect(anna.status).toBe('attending');
      expect(anna.record).toMatchObject({ registeredBy: teacherId, manualStatus: 'attending' });
      const bjorn = body.rows.find((row) => row.studentId === students.bjorn.id)!;
      expect(bjorn.status).toBe('justifiedLeave');
      expect(bjorn.record).toMatchObject({ manualStatus: 'justifiedLeave', note: 'Legetime' });
      // The sheet's record leaves out what is the event's; the stored one counts its minutes.
      const stored = await t.ctx.database.db
        .selectFrom('attendance')
        .select(['event_duration', 'status'])
        .where('school_id', '=', schoolId)
        .where('id', '=', `${eventL}-${students.anna.id}`)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ event_duration: 150, status: 'attending' });
      expect(body.registration).toMatchObject({ registeredBy: teacherId });
      const audits = await t.ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('entity', '=', 'attendance')
        .where('school_id', '=', schoolId)
        .where('entity_id', 'in', [`${eventL}-${students.anna.id}`, `${eventL}-${students.bjorn.id}`])
        .execute();
      expect(audits).toHaveLength(2);
      expect(JSON.parse(audits[0]!.after!)).toHaveProperty('status');
      expect((await liveEventsAfter(t, before)).map((e) => e.topic)).toContain('attendance');
    });

    it('answers 304 while the sheet is unchanged and the new sheet after a save', async () => {
      const { eventL } = await freshWeek();
      const first = await requestSheet(eventL);
      const etag = first.headers.etag as string;
      const again = await requestSheet(eventL, etag);
      expect(again.statusCode).toBe(304);
      // A student's own view is kept apart from the staff's whole sheet.
      expect((await sheet(students.anna.cookie, eventL)).body.rows).toHaveLength(1);
      expect((await sheet(teacher, eventL)).body.rows).toHaveLength(2);
      await save(eventL, [
        { studentId: students.anna.id, manualStatus: 'attending' },
        { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
      ]);
      const changed = await requestSheet(eventL, etag);
      expect(changed.statusCode).toBe(200);
      expect(
        (changed.json() as AttendanceSheet).rows.find((r) => r.studentId === students.anna.id)!.status,
      ).toBe('attending');
    });

    it("keeps one event's sheet while another's is saved, and drops every sheet on a calendar change", async () => {
      const { eventL, eventM } = await freshWeek();
      // Asked twice: an answer is kept on its second asking (decision 029).
      await requestSheet(eventL);
      const first = await requestSheet(eventL);
      const etag = first.headers.etag as string;
      const revalidate = () => requestSheet(eventL, etag);
      expect(
        (await save(eventM, [{ studentId: students.cecilie.id, manualStatus: 'attending' }])).status,
      ).toBe(200);
      // The save of the other lesson was announced, and this sheet's answer is still the kept one.
      const kept = await revalidate();
      expect(kept.statusCode).toBe(304);
      expect(kept.headers.etag).toBe(etag);
      // A record written for this event by any path (here a save) drops it.
      await save(eventL, [{ studentId: students.anna.id, manualStatus: 'attending' }]);
      const afterOwnSave = await revalidate();
      expect(afterOwnSave.statusCode).toBe(200);
      const current = afterOwnSave.headers.etag as string;
      // A change of the calendar may change which students every sheet expects: all are dropped.
      const calendarChange = await api(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Ekstra',
        start: '2027-05-03T08:00:00.000Z',
        end: '2027-05-03T09:00:00.000Z',
        type: 'none',
        mandatory: false,
        roomUsed: null,
        groupsAttending: [],
      });
      expect(calendarChange.status).toBe(201);
      const afterCalendar = await requestSheet(eventL, current);
      expect(afterCalendar.statusCode).toBe(200);
      expect(afterCalendar.headers.etag).not.toBe(current);
    });

    it('shows a student only their own row, and lets them change nothing', async () => {
      const { eventL } = await freshWeek();
      const own = await sheet(students.anna.cookie, eventL);
      expect(own.body.rows.map((row) => row.studentId)).toEqual([students.anna.id]);
      expect((await save(eventL, [], students.anna.cookie)).status).toBe(403);
      expect((await sheet(stipp, eventL)).body.rows).toEqual([]);
      expect((await save(eventL, [], stipp)).status).toBe(403);
    });

    it('tells each reader whether they may save the sheet, as the save decides', async () => {
      const { eventL } = await freshWeek();
      const teachers = await requestSheet(eventL);
      const annas = await requestSheet(eventL, teachers.headers.etag as string, students.anna.cookie);
      // Not the teacher's answer revalidated: the student's own, with their own policies.
      expect(annas.statusCode).toBe(200);
      expect((teachers.json() as AttendanceSheet).policies).toEqual({ change: true });
      expect((annas.json() as AttendanceSheet).policies).toEqual({ change: false });
      expect((await sheet(stipp, eventL)).body.policies).toEqual({ change: false });
    });

    it('removes the record of a student no longer listed (SPEC §7) and audits it', async () => {
      const { eventL } = await freshWeek();
      const first = await save(eventL, [
        { studentId: students.anna.id, manualStatus: 'attending' },
        { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
      ]);
      expect(first.body.rows.find((row) => row.studentId === students.bjorn.id)!.record).not.toBeNull();
      const { body } = await save(eventL, [{ studentId: students.anna.id, manualStatus: 'attending' }]);
      const bjorn = body.rows.find((row) => row.studentId === students.bjorn.id)!;
      expect(bjorn.record).toBeNull();
      const deleted = await t.ctx.database.db
        .selectFrom('audit_log')
        .select('entity_id')
        .where('entity', '=', 'attendance')
        .where('action', '=', 'delete')
        .where('entity_id', 'in', [`${eventL}-${students.anna.id}`, `${eventL}-${students.bjorn.id}`])
        .execute();
      expect(deleted.map((row) => row.entity_id)).toEqual([`${eventL}-${students.bjorn.id}`]);
    });

    it('refuses unknown students, staff and doubles with the SPEC message, writing nothing', async () => {
      const { eventL } = await freshWeek();
      const before = await recordCount();
      for (const [records, index] of [
        [[{ studentId: 'nobody', manualStatus: 'attending' }], 0],
        [[{ studentId: teacherId, manualStatus: 'attending' }], 0],
        [
          [
            { studentId: students.anna.id, manualStatus: 'attending' },
            { studentId: students.anna.id, manualStatus: 'notAttending' },
          ],
          1,
        ],
      ] as const) {
        const response = await save(eventL, [...records]);
        expect(response.status).toBe(400);
        expect(
          (response.body as unknown as { errors: { path: string; message: string }[] }).errors[0],
        ).toMatchObject({
          path: `body.records.${index}.studentId`,
        });
      }
      const unknown = await save(eventL, [{ studentId: 'nobody', manualStatus: 'attending' }]);
      expect((unknown.body as unknown as { errors: unknown[] }).errors[0]).toMatchObject({
        code: 'not-found',
        message: 'Eleven finnes ikke.',
        detail: ATTENDANCE_MESSAGES.studentMissing,
      });
      expect((await save(eventL, [{ studentId: students.anna.id, manualStatus: 'present' }])).status).toBe(
        400,
      );
      expect(await recordCount()).toBe(before);
    });

    it('answers 404 with the SPEC message for an event that does not exist', async () => {
      const response = await sheet(teacher, 'nosuchentry@1795000000000');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        code: 'event-not-found',
        detail: ATTENDANCE_MESSAGES.eventMissing,
      });
      expect((await save('no-such-event', [])).status).toBe(404);
    });
  });

  describe('the names a sheet carries', () => {
    const personName = async (id: string) => {
      const row = await t.ctx.database.db
        .selectFrom('person')
        .select(['first_name', 'middle_name', 'last_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return shortFullName({ first: row.first_name, middle: row.middle_name, last: row.last_name });
    };
    const newStudent = async (name: { first: string; middle?: string; last: string }) =>
      (await createPerson(t, schoolId, name)).personId;

    it('names every student of the rows, who saved it, its room and the lines attending', async () => {
      const room = await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Gymsalen' });
      expect(room.status).toBe(201);
      const created = await api<{ id: string }>(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Turdag',
        start: '2027-06-08T08:00:00.000Z',
        end: '2027-06-08T10:00:00.000Z',
        type: 'class',
        mandatory: true,
        roomUsed: room.body.id,
        groupsAttending: [lineL],
      });
      expect(created.status).toBe(201);
      const saved = await save(created.body.id, [{ studentId: students.anna.id, manualStatus: 'attending' }]);
      expect(saved.status).toBe(200);
      const { body } = await sheet(teacher, created.body.id);
      expect(body.names.room).toBe('Gymsalen');
      expect(body.names.attendees).toEqual(['Friluftsliv']);
      expect(Object.keys(body.names.people).sort()).toEqual(
        [students.anna.id, students.bjorn.id, teacherId].sort(),
      );
      expect(body.names.people[students.anna.id]).toEqual({
        name: await personName(students.anna.id),
        former: null,
      });
      expect(body.names.people[teacherId]).toEqual({ name: await personName(teacherId), former: null });
      // The save's own answer carries them too.
      expect(saved.body.names.people[teacherId]?.name).toBe(await personName(teacherId));
      // The sheet read is joined from kept bytes: exactly the JSON of the sheet the save answered.
      const read = await t.request({ method: 'GET', url: sheetUrl(created.body.id), cookie: teacher });
      expect(read.body).toBe(JSON.stringify(JSON.parse(read.body)));
      expect(JSON.parse(read.body)).toEqual(saved.body);

      const { eventL } = await freshWeek();
      const lesson = (await sheet(teacher, eventL)).body;
      expect(lesson.names.room).toBeNull();
      expect(lesson.names.attendees).toEqual(['Friluftsliv']);

      // The school's names are kept apart from the sheets: a renamed room is named anew.
      await sheet(teacher, created.body.id);
      const renamed = await callApi(t, admin, 'PATCH', `/api/v1/rooms/${room.body.id}`, { name: 'Gymsal 2' });
      expect(renamed.status).toBe(200);
      expect((await sheet(teacher, created.body.id)).body.names.room).toBe('Gymsal 2');
    });

    it('marks a student and a teacher who have left, with short full names', async () => {
      const { eventL } = await freshWeek();
      const frida = await newStudent({ first: 'Frida', middle: 'marie', last: 'Lund' });
      const leaving = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const leavingCookie = await login(t, leaving.email);
      const saved = await save(
        eventL,
        [
          { studentId: students.anna.id, manualStatus: 'attending' },
          { studentId: frida, manualStatus: 'attending' },
        ],
        leavingCookie,
      );
      expect(saved.status).toBe(200);
      const today = todayInSchoolZone();
      for (const id of [frida, leaving.personId]) {
        expect((await api(admin, 'PUT', `/api/v1/people/${id}/left`, { leftOn: today })).status).toBe(200);
      }
      const { body } = await sheet(teacher, eventL);
      expect(body.registration?.registeredBy).toBe(leaving.personId);
      expect(body.names.people[frida]).toEqual({ name: 'Frida M. Lund', former: 'student' });
      expect(body.names.people[leaving.personId]?.former).toBe('staff');
      expect(body.names.people[students.anna.id]?.former).toBeNull();
      // The read joined from kept bytes gives the same JSON, marks included.
      const read = await t.request({ method: 'GET', url: sheetUrl(eventL), cookie: teacher });
      expect(JSON.parse(read.body)).toEqual(body);
      expect(read.body).toBe(JSON.stringify(body));
    });

    it('gives a student only the names their own row shows', async () => {
      const { eventL } = await freshWeek();
      await save(eventL, [
        { studentId: students.anna.id, manualStatus: 'attending' },
        { studentId: students.bjorn.id, manualStatus: 'notAttending' },
      ]);
      const own = await sheet(students.anna.cookie, eventL);
      expect(own.status).toBe(200);
      expect(Object.keys(own.body.names.people).sort()).toEqual([students.anna.id, teacherId].sort());
      expect(own.body.names.people[students.bjorn.id]).toBeUndefined();
      // A scholar is on no sheet: only who saved it.
      expect(Object.keys((await sheet(stipp, eventL)).body.names.people)).toEqual([teacherId]);
    });

    it('drops the kept sheet when someone on it is renamed', async () => {
      const { eventL } = await freshWeek();
      const gro = await newStudent({ first: 'Gro', last: 'Haug' });
      await save(eventL, [{ studentId: gro, manualStatus: 'attending' }]);
      const first = await requestSheet(eventL);
      expect((first.json() as AttendanceSheet).names.people[gro]?.name).toBe('Gro Haug');
      const etag = first.headers.etag as string;
      // Asked again, the answer is kept: a revalidation is answered from it.
      await requestSheet(eventL);
      const kept = await requestSheet(eventL, etag);
      expect(kept.statusCode).toBe(304);
      const renamed = await callApi(t, admin, 'PATCH', `/api/v1/people/${gro}`, {
        name: { first: 'Gro', last: 'Berg' },
      });
      expect(renamed.status).toBe(200);
      const after = await requestSheet(eventL, etag);
      expect(after.statusCode).toBe(200);
      expect((after.json() as AttendanceSheet).names.people[gro]?.name).toBe('Gro Berg');
    });
  });

  describe('the history of a record', () => {
    it('shows every change with who made it, before and after; a student only their own', async () => {
      const { eventL } = await freshWeek();
      await save(eventL, [{ studentId: students.anna.id, manualStatus: 'attending' }]);
      await save(eventL, [{ studentId: students.anna.id, manualStatus: 'notAttending' }]);
      const url = (studentId: string) =>
        `/api/v1/attendance/events/${encodeURIComponent(eventL)}/students/${studentId}/history`;
      const history = await api<
        { action: string; actorPersonId: string; before: unknown; after: { status: string } | null }[]
      >(teacher, 'GET', url(students.anna.id));
      expect(history.status).toBe(200);
      expect(history.body[0]).toMatchObject({
        action: 'create',
        actorPersonId: teacherId,
        before: null,
        after: { status: 'attending' },
      });
      expect(history.body.map((change) => change.after?.status)).toEqual(['attending', 'notAttending']);
      expect((await api(students.anna.cookie, 'GET', url(students.anna.id))).status).toBe(200);
      expect((await api(students.anna.cookie, 'GET', url(students.bjorn.id))).status).toBe(404);
      expect((await api(otherAdmin, 'GET', url(students.anna.id))).status).toBe(404);
    });
  });

  describe('absence registered in advance', () => {
    it('applies to the sheet, yields to the manual status, and shows on a record written later', async () => {
      const { eventL } = await freshWeek();
      const registered = await api(teacher, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: eventL,
        studentId: students.bjorn.id,
        preliminaryStatus: 'justifiedLeave',
        note: 'Tannlege',
      });
      expect(registered.status).toBe(204);
      let row = (await sheet(teacher, eventL)).body.rows.find((r) => r.studentId === students.bjorn.id)!;
      expect(row).toMatchObject({
        status: 'justifiedLeave',
        preliminary: { status: 'justifiedLeave', note: 'Tannlege' },
      });

      const saved = await save(eventL, [
        { studentId: students.anna.id, manualStatus: 'attending' },
        { studentId: students.bjorn.id, manualStatus: null },
      ]);
      row = saved.body.rows.find((r) => r.studentId === students.bjorn.id)!;
      expect(row.status).toBe('justifiedLeave');
      expect(row.record).toMatchObject({ preliminaryStatus: 'justifiedLeave', manualStatus: null });
      // The manual status wins (SPEC §4).
      const manual = await save(eventL, [
        { studentId: students.anna.id, manualStatus: 'attending' },
        { studentId: students.bjorn.id, manualStatus: 'notAttending' },
      ]);
      expect(manual.body.rows.find((r) => r.studentId === students.bjorn.id)!.status).toBe('notAttending');
    });

    it('registers whole days, which apply to every event of that day', async () => {
      const { monday, sunday, eventL, eventM } = await freshWeek();
      const tuesday = new Date(Date.parse(`${monday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const response = await api(teacher, 'PUT', '/api/v1/attendance/preliminary-days', {
        date: monday,
        studentId: students.cecilie.id,
        preliminaryStatus: 'justifiedLeave',
        note: 'Begravelse',
      });
      expect(response.status).toBe(204);
      const row = (await sheet(teacher, eventM)).body.rows[0]!;
      expect(row).toMatchObject({ studentId: students.cecilie.id, status: 'justifiedLeave' });
      // An absence for one event of the week is listed beside the day.
      const single = await api(teacher, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: eventL,
        studentId: students.bjorn.id,
        preliminaryStatus: 'justifiedLeave',
      });
      expect(single.status).toBe(204);
      const week = `/api/v1/attendance/preliminary?from=${monday}&to=${sunday}`;
      const list = await api<{ days: unknown[]; events: unknown[] }>(stipp, 'GET', week);
      expect(list.status).toBe(200);
      expect(list.body.days).toHaveLength(1);
      expect(list.body.events).toHaveLength(1);
      expect((await api(students.anna.cookie, 'GET', week)).status).toBe(403);
      expect(
        (
          await api(stipp, 'PUT', '/api/v1/attendance/preliminary-days', {
            date: tuesday,
            studentId: students.cecilie.id,
            preliminaryStatus: 'justifiedLeave',
          })
        ).status,
      ).toBe(403);
      const removed = await api(
        teacher,
        'DELETE',
        `/api/v1/attendance/preliminary-days/${monday}/${students.cecilie.id}`,
      );
      expect(removed.status).toBe(204);
      expect((await sheet(teacher, eventM)).body.rows[0]!.status).toBe('notAttending');
      expect((await api<{ days: unknown[] }>(stipp, 'GET', week)).body.days).toEqual([]);
    });

    it('refuses a bad date, an unknown student and an unknown event', async () => {
      const { monday } = await freshWeek();
      for (const payload of [
        { date: '2026-02-30', studentId: students.anna.id, preliminaryStatus: 'justifiedLeave' },
        { date: monday, studentId: 'nobody', preliminaryStatus: 'justifiedLeave' },
        { date: monday, studentId: students.anna.id, preliminaryStatus: 'away' },
      ]) {
        expect((await api(teacher, 'PUT', '/api/v1/attendance/preliminary-days', payload)).status).toBe(400);
      }
      const event = await api(teacher, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: 'nosuchentry@1795000000000',
        studentId: students.anna.id,
        preliminaryStatus: 'justifiedLeave',
      });
      expect(event.status).toBe(404);
    });
  });

  describe('records by student and by line', () => {
    it('gives a student their own records and staff anyone’s', async () => {
      const { monday, sunday, eventL } = await freshWeek();
      await save(eventL, [
        { studentId: students.anna.id, manualStatus: 'attending' },
        { studentId: students.bjorn.id, manualStatus: 'notAttending' },
      ]);
      const url = (id: string) => `/api/v1/attendance/students/${id}?from=${monday}&to=${sunday}`;
      const own = await api<AttendanceRecord[]>(students.anna.cookie, 'GET', url(students.anna.id));
      expect(own.status).toBe(200);
      expect(own.body.map((r) => r.status)).toEqual(['attending']);
      expect((await api(students.anna.cookie, 'GET', url(students.bjorn.id))).status).toBe(404);
      const staff = await api<AttendanceRecord[]>(teacher, 'GET', url(students.bjorn.id));
      expect(staff.body.map((r) => r.status)).toEqual(['notAttending']);
      expect(
        (await api(teacher, 'GET', `${url(students.anna.id).split('?')[0]}?from=${sunday}&to=${monday}`))
          .status,
      ).toBe(400);
      const lineUrl = `/api/v1/attendance/lines/${lineL}?from=${monday}&to=${sunday}`;
      const line = await api<AttendanceRecord[]>(teacher, 'GET', lineUrl);
      expect(line.body).toHaveLength(2);
      expect((await api(students.anna.cookie, 'GET', lineUrl)).status).toBe(403);
    });
  });

  describe('a scholar’s own absence (SPEC §6: own only for stipp and students)', () => {
    const url = (id: string, week: { monday: string; sunday: string }) =>
      `/api/v1/attendance/students/${id}?from=${week.monday}&to=${week.sunday}`;

    it('is shown to the scholar, empty when they have no records', async () => {
      const week = await freshWeek();
      const own = await api<AttendanceRecord[]>(stipp, 'GET', url(stippId, week));
      expect(own.status).toBe(200);
      expect(own.body).toEqual([]);
      expect((await api(stipp, 'GET', url(students.anna.id, week))).status).toBe(404);
    });

    it('keeps the records taken while they were a student, with their history', async () => {
      const week = await freshWeek();
      const member = await createPerson(t, schoolId, { login: true });
      expect(
        (await save(week.eventM, [{ studentId: member.personId, manualStatus: 'notAttending' }])).status,
      ).toBe(200);
      // Made a scholar after the record was taken.
      await addRoles(t.ctx.database.db, schoolId, member.personId, ['stipp']);
      const cookie = await login(t, member.email);

      const own = await api<AttendanceRecord[]>(cookie, 'GET', url(member.personId, week));
      expect(own.status).toBe(200);
      expect(own.body.map((record) => [record.eventId, record.status])).toEqual([
        [week.eventM, 'notAttending'],
      ]);
      const history = await api(
        cookie,
        'GET',
        `/api/v1/attendance/events/${encodeURIComponent(week.eventM)}/students/${member.personId}/history`,
      );
      expect(history.status).toBe(200);
      expect((await api<AttendanceRecord[]>(teacher, 'GET', url(member.personId, week))).body).toHaveLength(
        1,
      );
      // Another scholar still sees only their own.
      expect((await api(stipp, 'GET', url(member.personId, week))).status).toBe(404);
      // Staff's own ids are not absence records.
      expect((await api(teacher, 'GET', url(teacherId, week))).status).toBe(404);
    });
  });

  describe('another school', () => {
    it("finds none of this school's events, students or lines", async () => {
      expect((await sheet(otherAdmin, eventL)).status).toBe(404);
      expect((await save(eventL, [], otherAdmin)).status).toBe(404);
      expect(
        (
          await api(
            otherAdmin,
            'GET',
            `/api/v1/attendance/students/${students.anna.id}?from=2026-11-23&to=2026-11-29`,
          )
        ).status,
      ).toBe(404);
      expect(
        (await api(otherAdmin, 'GET', `/api/v1/attendance/lines/${lineL}?from=2026-11-23&to=2026-11-29`))
          .status,
      ).toBe(404);
      const list = await api<{ days: unknown[]; events: unknown[] }>(
        otherAdmin,
        'GET',
        '/api/v1/attendance/preliminary?from=2026-11-01&to=2026-11-30',
      );
      expect(list.body).toEqual({ days: [], events: [] });
      expect(
        (
          await api(otherAdmin, 'PUT', '/api/v1/attendance/preliminary-days', {
            date: '2026-11-24',
            studentId: students.anna.id,
            preliminaryStatus: 'justifiedLeave',
          })
        ).status,
      ).toBe(400);
    });
  });
});
