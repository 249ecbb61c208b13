/**
 * What reads keep besides their answers (docs/decisions/031-per-request-cost.md): who is expected
 * at a sheet, a sheet's event and its absence in advance, and the school's calendar of a range.
 * Each is dropped by the changes it is made from, and only by those: the sheet of an event follows
 * its line's members, its event and absence registered in advance, a student's week follows a new
 * event, and none is made from a save of the sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceSheet, CalendarEvent } from '@tun/shared';
import { attendanceSchool } from './attendance-factories';
import { callApi, createPerson, login } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('reads kept besides answers on %s', (dialect) => {
  let t: TestApp;
  let school: Awaited<ReturnType<typeof attendanceSchool>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    school = await attendanceSchool(t);
  });
  afterAll(() => t.close());

  /** Each row's student and effective status. */
  const statusesOf = async (eventId: string) => {
    const { status, body } = await callApi<AttendanceSheet>(
      t,
      school.teacher,
      'GET',
      `/api/v1/attendance/events/${encodeURIComponent(eventId)}`,
    );
    expect(status).toBe(200);
    return Object.fromEntries(body.rows.map((row) => [row.studentId, row.status]));
  };
  const sheetOf = async (eventId: string) => Object.keys(await statusesOf(eventId)).sort();

  it("a sheet follows its line's members, not only its own records", async () => {
    const { eventL } = await school.freshWeek();
    const { anna, bjorn, cecilie } = school.students;
    expect(await sheetOf(eventL)).toEqual([anna.id, bjorn.id].sort());

    const moved = await callApi(t, school.admin, 'PUT', `/api/v1/lines/${school.lineL}/members`, {
      personIds: [anna.id, cecilie.id],
    });
    expect(moved.status).toBe(200);
    // Bjørn left the line and has no record: he is expected no more; Cecilie now is.
    expect(await sheetOf(eventL)).toEqual([anna.id, cecilie.id].sort());

    const saved = await callApi(
      t,
      school.teacher,
      'PUT',
      `/api/v1/attendance/events/${encodeURIComponent(eventL)}`,
      {
        records: [{ studentId: anna.id, manualStatus: 'attending', note: null }],
      },
    );
    expect(saved.status).toBe(200);
    expect(await sheetOf(eventL)).toEqual([anna.id, cecilie.id].sort());

    const restored = await callApi(t, school.admin, 'PUT', `/api/v1/lines/${school.lineL}/members`, {
      personIds: [anna.id, bjorn.id],
    });
    expect(restored.status).toBe(200);
    // Cecilie is gone again from the line's lesson; Anna keeps her record and her row.
    expect(await sheetOf(eventL)).toEqual([anna.id, bjorn.id].sort());
  });

  it('a sheet follows its event and absence in advance, and keeps them through a save', async () => {
    const { monday, eventL } = await school.freshWeek();
    const { anna, bjorn, cecilie } = school.students;
    expect(await statusesOf(eventL)).toEqual({ [anna.id]: 'notAttending', [bjorn.id]: 'notAttending' });

    const registered = await callApi(t, school.teacher, 'PUT', '/api/v1/attendance/preliminary', {
      eventId: eventL,
      studentId: bjorn.id,
      preliminaryStatus: 'justifiedLeave',
      note: null,
    });
    expect(registered.status).toBe(204);
    expect(await statusesOf(eventL)).toEqual({ [anna.id]: 'notAttending', [bjorn.id]: 'justifiedLeave' });

    const saved = await callApi(
      t,
      school.teacher,
      'PUT',
      `/api/v1/attendance/events/${encodeURIComponent(eventL)}`,
      { records: [{ studentId: anna.id, manualStatus: 'attending', note: null }] },
    );
    expect(saved.status).toBe(200);
    expect(await statusesOf(eventL)).toEqual({ [anna.id]: 'attending', [bjorn.id]: 'justifiedLeave' });

    // The lesson given to the other line (an override of the occurrence): Cecilie is expected now,
    // Bjørn, with no record, no more.
    const moved = await callApi(
      t,
      school.admin,
      'PATCH',
      `/api/v1/calendar/events/${encodeURIComponent(eventL)}`,
      {
        name: 'Linjefag',
        start: `${monday}T09:00:00+01:00`,
        end: `${monday}T10:00:00+01:00`,
        type: 'class',
        mandatory: true,
        roomUsed: null,
        groupsAttending: [school.lineM],
      },
    );
    expect(moved.status).toBe(200);
    const after = await sheetOf(eventL);
    expect(after).toContain(cecilie.id);
    expect(after).not.toContain(bjorn.id);
  });

  it("a student's week follows new events, and each filter gets only its share of the school's week", async () => {
    const { monday } = await school.freshWeek();
    const from = `${monday}T00:00:00+01:00`;
    const to = `${monday}T23:59:00+01:00`;
    const { anna, cecilie } = school.students;
    const weekOf = async (personId: string) => {
      const { status, body } = await callApi<{ events: CalendarEvent[] }>(
        t,
        school.admin,
        'GET',
        `/api/v1/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&person=${personId}`,
      );
      expect(status).toBe(200);
      return body.events.map((event) => event.name);
    };
    // The whole school's day is made first: the filters below share it.
    const whole = await callApi<{ events: CalendarEvent[] }>(
      t,
      school.admin,
      'GET',
      `/api/v1/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(whole.body.events.filter((event) => event.name === 'Linjefag')).toHaveLength(2);
    expect(await weekOf(anna.id)).toEqual(['Linjefag']);
    expect(await weekOf(cecilie.id)).toEqual(['Linjefag']);

    const created = await callApi(t, school.admin, 'POST', '/api/v1/calendar/events', {
      name: 'Tur',
      start: `${monday}T13:00:00+01:00`,
      end: `${monday}T15:00:00+01:00`,
      type: 'class',
      mandatory: true,
      roomUsed: null,
      groupsAttending: [school.lineL],
    });
    expect(created.status).toBe(201);
    expect(await weekOf(anna.id)).toEqual(['Linjefag', 'Tur']);
    expect(await weekOf(cecilie.id)).toEqual(['Linjefag']);
  });

  it('a deleted session is refused at once, however it was ended', async () => {
    const person = await createPerson(t, school.schoolId, { roles: [], login: true });
    const cookie = await login(t, person.email);
    expect((await callApi(t, cookie, 'GET', '/api/v1/session')).status).toBe(200);
    // Straight from the table, as no live event announces: nothing kept may still let it in.
    const { db } = t.ctx.database;
    await db
      .deleteFrom('session')
      .where('userId', 'in', db.selectFrom('user').select('id').where('email', '=', person.email))
      .execute();
    expect((await callApi(t, cookie, 'GET', '/api/v1/session')).status).toBe(401);
  });
});
