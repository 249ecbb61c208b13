/**
 * People who leave and people who are erased keep the school's records (decision 011): a plain
 * delete is refused when they have history, «Avslutt» hides them from current lists and sheets
 * from the day they left, and erasure keeps every attendance row, pseudonymised, so a line's
 * report counts the same minutes before and after. Also: the registry of personal data answers
 * for every table of the live schema that holds a person.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  schoolTimeToInstant,
  todayInSchoolZone,
  type AttendanceReport,
  type AttendanceSheet,
  type CalendarEvent,
  type Person,
} from '@tun/shared';
import { PERSONAL_DATA } from '../src/modules/privacy/personal-data-registry';
import { attendanceSchool } from './attendance-factories';
import { addLineMembers, callApi, createPerson, login } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

/**
 * Columns that hold a person's id, by name: ids of people (`person_id`, `student_id`,
 * `actor_person_id`), of sign-in accounts (`user_id`, better-auth's `userId`), whoever did
 * something (`…_by`, and a copied name `…_by_name`), a post's author, whom a case is given to,
 * and the school's supervisor. A new table that keeps a person under another name must be added
 * here too.
 */
const PERSON_COLUMN =
  /^(person_id|student_id|actor_person_id|user_id|userId|author_id|assigned_to|current_supervision)$|_by(_name)?$/;
/** Columns the rule matches that hold no person. */
const NOT_PERSON_COLUMNS = new Set<string>([]);

async function personColumns(t: TestApp): Promise<string[]> {
  const db = t.ctx.database.db;
  let columns: { table: string; column: string }[];
  if (t.dialect === 'postgres') {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()`.execute(db);
    columns = rows;
  } else {
    const { rows } = await sql<{ table: string; column: string }>`
      select m.name as "table", p.name as "column" from sqlite_master m, pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
    columns = rows;
  }
  return columns
    .filter((row) => PERSON_COLUMN.test(row.column))
    .map((row) => `${row.table}.${row.column}`)
    .filter((name) => !NOT_PERSON_COLUMNS.has(name))
    .sort();
}

describe.each(dialects())('leaving and erasure on %s', (dialect) => {
  let t: TestApp;
  let school: Awaited<ReturnType<typeof attendanceSchool>>;
  const today = todayInSchoolZone();
  const yesterday = addDays(today, -1);
  const earlier = addDays(today, -2);
  let pastEvent: CalendarEvent;
  let todayEvent: CalendarEvent;

  const api = <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => callApi<T>(t, cookie, method, url, payload);

  let counter = 0;
  const createEvent = async (date: string, lineId: string) => {
    counter += 1;
    const response = await api<CalendarEvent>(school.admin, 'POST', '/api/v1/calendar/events', {
      name: `Økt ${counter}`,
      start: new Date(schoolTimeToInstant(date, '10:00')).toISOString(),
      end: new Date(schoolTimeToInstant(date, '11:00')).toISOString(),
      type: 'class',
      mandatory: true,
      roomUsed: null,
      groupsAttending: [lineId],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const eventUrl = (eventId: string) => `/api/v1/attendance/events/${encodeURIComponent(eventId)}`;
  const sheetOf = async (eventId: string) => {
    const response = await api<AttendanceSheet>(school.teacher, 'GET', eventUrl(eventId));
    expect(response.status).toBe(200);
    return response.body;
  };
  /** Saves the sheet with everyone on it present, `notes` by student. */
  const saveSheet = async (eventId: string, notes: Record<string, string> = {}) => {
    const sheet = await sheetOf(eventId);
    const response = await api(school.teacher, 'PUT', eventUrl(eventId), {
      records: sheet.rows.map((row) => ({
        studentId: row.studentId,
        manualStatus: 'attending',
        note: notes[row.studentId] ?? null,
      })),
    });
    expect([200, 204], JSON.stringify(response.body)).toContain(response.status);
  };
  const rowsOf = async (studentId: string) =>
    t.ctx.database.db
      .selectFrom('attendance')
      .selectAll()
      .where('student_id', '=', studentId)
      .orderBy('id')
      .execute();
  const report = async (query = `from=${earlier}&to=${today}`) => {
    const response = await api<AttendanceReport>(school.admin, 'GET', `/api/v1/attendance/report?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const people = async (former = false) =>
    (await api<Person[]>(school.admin, 'GET', `/api/v1/people${former ? '?former=true' : ''}`)).body;
  const newStudent = async () => {
    const created = await createPerson(t, school.schoolId, { login: true });
    await addLineMembers(t, school.schoolId, school.lineL, [created.personId]);
    return { id: created.personId, email: created.email, cookie: await login(t, created.email) };
  };
  const leave = <T = Person>(personId: string, leftOn: string) =>
    api<T>(school.admin, 'PUT', `/api/v1/people/${personId}/left`, { leftOn });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    school = await attendanceSchool(t);
    pastEvent = await createEvent(earlier, school.lineL);
    todayEvent = await createEvent(today, school.lineL);
  });
  afterAll(() => t.close());

  it('has a registry entry for every table column that holds a person', async () => {
    const declared = new Set(
      PERSONAL_DATA.flatMap((entry) =>
        Object.entries(entry.columns).flatMap(([table, columns]) =>
          columns.map((column) => `${table}.${column}`),
        ),
      ),
    );
    const found = await personColumns(t);
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((column) => !declared.has(column))).toEqual([]);
    // And the registry names nothing that is not there.
    expect([...declared].filter((column) => !found.includes(column))).toEqual([]);
  });

  describe('delete', () => {
    it('is refused for a student with attendance, keeping every row; allowed for one without history', async () => {
      const student = await newStudent();
      await saveSheet(pastEvent.id);
      const before = await rowsOf(student.id);
      expect(before).toHaveLength(1);

      const refused = await api<{ code: string; title: string }>(
        school.admin,
        'DELETE',
        `/api/v1/people/${student.id}`,
      );
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'person-has-history',
        title: expect.stringContaining('Avslutt'),
      });
      expect(await rowsOf(student.id)).toEqual(before);
      const deletable = (personId: string) =>
        api<{ deletable: boolean }>(school.admin, 'GET', `/api/v1/people/${personId}/deletable`);
      expect((await deletable(student.id)).body).toEqual({ deletable: false });

      const fresh = await createPerson(t, school.schoolId, { login: true });
      expect((await deletable(fresh.personId)).body).toEqual({ deletable: true });
      expect((await api(school.admin, 'DELETE', `/api/v1/people/${fresh.personId}`)).status).toBe(204);
      expect((await deletable(fresh.personId)).status).toBe(404);
    });

    it('is refused for a teacher who registered attendance', async () => {
      const refused = await api<{ code: string }>(
        school.admin,
        'DELETE',
        `/api/v1/people/${school.teacherId}`,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('person-has-history');
    });
  });

  describe('«Avslutt»', () => {
    it('keeps the rows, hides the student from today’s sheet and the people list, and keeps them in reports', async () => {
      const student = await newStudent();
      await saveSheet(pastEvent.id, { [student.id]: 'Kom sent' });
      const before = await rowsOf(student.id);
      expect(before).toHaveLength(1);
      expect((await sheetOf(todayEvent.id)).rows.map((row) => row.studentId)).toContain(student.id);

      const ended = await leave(student.id, yesterday);
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      expect(ended.body.leftOn).toBe(yesterday);

      expect(await rowsOf(student.id)).toEqual(before);
      expect((await sheetOf(todayEvent.id)).rows.map((row) => row.studentId)).not.toContain(student.id);
      // The sheet of a day they were still there keeps them, with their record.
      expect((await sheetOf(pastEvent.id)).rows.map((row) => row.studentId)).toContain(student.id);

      expect((await people()).map((person) => person.id)).not.toContain(student.id);
      const former = (await people(true)).find((person) => person.id === student.id);
      expect(former).toMatchObject({ leftOn: yesterday, erased: false });
      const students = await api<{ id: string }[]>(school.admin, 'GET', '/api/v1/students');
      expect(students.body.map((row) => row.id)).not.toContain(student.id);

      // The school year's report (or, in its first days, the range that holds the records).
      const yearReport = await report(
        earlier.slice(5) >= '08-03' || earlier.slice(5) <= '06-28' ? '' : undefined,
      );
      const row = yearReport.students.find((entry) => entry.studentId === student.id);
      expect(row).toMatchObject({ former: true, expectedMinutes: 60, attendedMinutes: 60 });

      // Signed out, and cannot sign in again.
      expect((await api(student.cookie, 'GET', '/api/v1/session')).status).toBe(401);
      await expect(login(t, student.email)).rejects.toThrow(/403/);
    });

    it('is undone by «Angre avslutning», and the line keeps its former members when re-saved', async () => {
      const student = await newStudent();
      await leave(student.id, today);
      const line = await api<{ members: string[] }>(school.admin, 'GET', `/api/v1/lines/${school.lineL}`);
      const current = new Set((await people()).map((person) => person.id));
      // The members picker lists only people at the school; saving it must not drop the former.
      const saved = await api(school.admin, 'PUT', `/api/v1/lines/${school.lineL}/members`, {
        personIds: line.body.members.filter((id) => current.has(id)),
      });
      expect(saved.status).toBe(200);
      const memberships = await t.ctx.database.db
        .selectFrom('line_member')
        .select('line_id')
        .where('person_id', '=', student.id)
        .execute();
      expect(memberships).toEqual([{ line_id: school.lineL }]);

      const undone = await api<Person>(school.admin, 'DELETE', `/api/v1/people/${student.id}/left`);
      expect(undone.status).toBe(200);
      expect(undone.body.leftOn).toBeNull();
      expect((await people()).map((person) => person.id)).toContain(student.id);
      expect(await login(t, student.email)).toContain('=');
      const audit = await t.ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('entity_id', '=', student.id)
        .where('action', 'in', ['leave', 'return'])
        .orderBy('at')
        .execute();
      expect(audit.map((entry) => [entry.action, JSON.parse(entry.after!)])).toEqual([
        ['leave', { leftOn: today }],
        ['return', { leftOn: null }],
      ]);
    });

    it('refuses a date ahead or malformed, and the last admin', async () => {
      const student = await newStudent();
      for (const leftOn of [addDays(today, 1), '2026-02-30', 'i går']) {
        const response = await leave(student.id, leftOn);
        expect(response.status, leftOn).toBe(400);
      }
      expect((await people()).map((person) => person.id)).toContain(student.id);

      const last = await leave<{ code: string }>(school.adminId, today);
      expect(last.status).toBe(409);
      expect(last.body.code).toBe('last-admin');
    });
  });

  describe('erasure', () => {
    it('keeps the rows and the line’s totals, with name and notes gone from every answer', async () => {
      const student = await newStudent();
      const name = 'Ingrid Hemmelig';
      await t.ctx.database.db
        .updateTable('person')
        .set({ first_name: 'Ingrid', last_name: 'Hemmelig' })
        .where('id', '=', student.id)
        .execute();
      await saveSheet(pastEvent.id, { [student.id]: 'Hos legen' });
      const early = await api(school.admin, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: todayEvent.id,
        studentId: student.id,
        preliminaryStatus: 'justifiedLeave',
        note: 'Begravelse',
      });
      expect(early.status, JSON.stringify(early.body)).toBeLessThan(300);
      const day = await api(school.admin, 'PUT', '/api/v1/attendance/preliminary-days', {
        date: addDays(today, 1),
        studentId: student.id,
        preliminaryStatus: 'justifiedLeave',
        note: 'Tannlege',
      });
      expect(day.status, JSON.stringify(day.body)).toBeLessThan(300);
      const proposed = await api(
        school.stipp,
        'PUT',
        `/api/v1/attendance/proposals/${encodeURIComponent(todayEvent.id)}`,
        { records: [{ studentId: student.id, manualStatus: 'notAttending', note: 'Sov over seg' }] },
      );
      expect(proposed.status, JSON.stringify(proposed.body)).toBeLessThan(300);

      // The export holds all of it.
      const exported = await api<Record<string, unknown>>(
        school.admin,
        'GET',
        `/api/v1/people/${student.id}/privacy-export`,
      );
      expect(exported.status).toBe(200);
      expect(exported.body).toMatchObject({
        attendance: [
          expect.objectContaining({ eventId: pastEvent.id, status: 'attending', note: 'Hos legen' }),
        ],
        absenceInAdvance: {
          events: [expect.objectContaining({ eventId: todayEvent.id, note: 'Begravelse' })],
          days: [expect.objectContaining({ date: addDays(today, 1), note: 'Tannlege' })],
        },
        attendanceProposals: [expect.objectContaining({ eventId: todayEvent.id, note: 'Sov over seg' })],
      });
      expect(JSON.stringify(exported.body.attendanceAudit)).toContain('Hos legen');
      expect(JSON.stringify(exported.body.attendanceProposalAudit)).toContain('Sov over seg');

      const rowsBefore = await rowsOf(student.id);
      const countBefore = (await t.ctx.database.db.selectFrom('attendance').select('id').execute()).length;
      const reportBefore = await report();
      const lineBefore = reportBefore.lines.find((line) => line.lineId === school.lineL)!;
      expect(lineBefore.expectedMinutes).toBeGreaterThan(0);

      const erased = await api(school.admin, 'POST', `/api/v1/people/${student.id}/erase`, {});
      expect(erased.status).toBe(204);

      const rowsAfter = await rowsOf(student.id);
      expect(rowsAfter.map((row) => ({ ...row, note: 'x' }))).toEqual(
        rowsBefore.map((row) => ({ ...row, note: 'x' })),
      );
      expect(rowsAfter.every((row) => row.note === null)).toBe(true);
      expect((await t.ctx.database.db.selectFrom('attendance').select('id').execute()).length).toBe(
        countBefore,
      );

      const reportAfter = await report();
      expect(reportAfter.lines).toEqual(reportBefore.lines);
      const student_ = reportAfter.students.find((entry) => entry.studentId === student.id)!;
      expect(student_).toMatchObject({ name: { first: 'Slettet', last: 'bruker' }, former: true });

      // Nowhere in what the school sees is her name or a note about her.
      const texts = [
        JSON.stringify(reportAfter),
        JSON.stringify(await sheetOf(pastEvent.id)),
        JSON.stringify(await sheetOf(todayEvent.id)),
        JSON.stringify((await api(school.admin, 'GET', '/api/v1/attendance/proposals?state=all')).body),
        JSON.stringify(await people(true)),
        JSON.stringify(await t.ctx.database.db.selectFrom('audit_log').selectAll().execute()),
        JSON.stringify(await t.ctx.database.db.selectFrom('prelim_attendance').selectAll().execute()),
        JSON.stringify(await t.ctx.database.db.selectFrom('prelim_day_attendance').selectAll().execute()),
        JSON.stringify(await t.ctx.database.db.selectFrom('attendance_proposed').selectAll().execute()),
      ].join('\n');
      for (const secret of [
        name,
        'Hemmelig',
        student.email,
        'Hos legen',
        'Begravelse',
        'Tannlege',
        'Sov over seg',
      ]) {
        expect(texts).not.toContain(secret);
      }
      // What remains is a pseudonym: in the former list, not the current one, and not to be found.
      expect((await people(true)).find((person) => person.id === student.id)).toMatchObject({
        name: { first: 'Slettet', last: 'bruker' },
        email: null,
        erased: true,
        roles: [],
      });
      expect((await people()).map((person) => person.id)).not.toContain(student.id);
      expect((await api(school.admin, 'GET', `/api/v1/people/${student.id}`)).status).toBe(404);
      expect((await api(school.admin, 'GET', `/api/v1/people/${student.id}/privacy-export`)).status).toBe(
        404,
      );
      expect((await api(school.admin, 'DELETE', `/api/v1/people/${student.id}/left`)).status).toBe(404);
    });
  });
});
