import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  isoWeekLabel,
  mondayOf,
  schoolTimeToInstant,
  schoolYearOf,
  todayInSchoolZone,
  type AttendanceReport,
  type AttendanceStatus,
  type MyAttendanceSummary,
} from '@tun/shared';
import { attendancePercent } from '@tun/shared';
import {
  myAttendanceSummary,
  resolveRange,
} from '../src/modules/attendance-reports/attendance-reports.service';
import { schoolDateOf } from '../src/modules/attendance/attendance.service';
import { fillSchoolDates } from '../src/db/migrations/024-attendance-school-date';
import { weekIndexOf, weeksOfRange } from '../src/modules/attendance-reports/report-periods';
import { callApi, createPerson, createSchool, insertLine, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

/** Two weeks of the known data set: ISO weeks 10 and 11 of 2026 (winter time, UTC+1). */
const RANGE = { from: '2026-03-02', to: '2026-03-13' };
const REPORT = `/api/v1/attendance/report?from=${RANGE.from}&to=${RANGE.to}`;
const CSV = `/api/v1/attendance/report.csv?from=${RANGE.from}&to=${RANGE.to}`;
const SUMMARY = '/api/v1/attendance/me/summary';

describe('report periods', () => {
  it('names ISO weeks by the year of their Thursday', () => {
    expect(isoWeekLabel('2026-01-01')).toBe('2026-W01');
    expect(isoWeekLabel('2027-01-01')).toBe('2026-W53');
    expect(isoWeekLabel('2024-12-30')).toBe('2025-W01');
    expect(isoWeekLabel('2026-11-23')).toBe('2026-W48');
    expect(isoWeekLabel('2026-03-08')).toBe('2026-W10');
    expect(isoWeekLabel('2026-03-09')).toBe('2026-W11');
  });

  it('takes the school year from 1 August to 31 July (decision 012), July in the year ending', () => {
    expect(resolveRange({}, '2027-07-15')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(resolveRange({}, '2027-08-01')).toEqual({ from: '2027-08-01', to: '2028-07-31' });
  });

  it('folds school dates into weeks from Monday to Sunday', () => {
    const weeks = weeksOfRange('2026-03-25', '2026-04-01');
    expect(weeks.map((week) => week.week)).toEqual(['2026-W13', '2026-W14']);
    expect(weekIndexOf(weeks, '2026-03-25')).toBe(0);
    expect(weekIndexOf(weeks, '2026-03-29')).toBe(0);
    expect(weekIndexOf(weeks, '2026-03-30')).toBe(1);
  });

  it('counts weeks, so no range makes the loop run away', () => {
    // Past year 9999 a date no longer sorts as text; the loop compared text.
    expect(weeksOfRange('9999-12-31', '9999-12-31').map((week) => week.monday)).toEqual(['9999-12-27']);
    expect(() => weeksOfRange('2000-01-01', '2100-12-31')).toThrow(RangeError);
    expect(weeksOfRange('2026-03-13', '2026-03-02')).toEqual([]);
  });

  it('rounds down to one decimal, so 89.95 % is under 90 % and shown as 89.9', () => {
    expect(attendancePercent(1799, 2000)).toEqual({ percent: 89.9, below: true });
    expect(attendancePercent(900, 1000)).toEqual({ percent: 90, below: false });
    expect(attendancePercent(8999, 10000)).toEqual({ percent: 89.9, below: true });
    expect(attendancePercent(0, 0)).toEqual({ percent: null, below: false });
    expect(attendancePercent(7, 7)).toEqual({ percent: 100, below: false });
  });

  it('counts a record on the school date of its start, on both sides of a daylight-saving change', () => {
    // Summer time runs from 29 March to 25 October 2026 (01:00 UTC both times).
    expect(schoolDateOf({ start: '2026-03-28T22:30:00.000Z' })).toBe('2026-03-28');
    expect(schoolDateOf({ start: '2026-03-28T23:30:00.000Z' })).toBe('2026-03-29');
    // 22:30 UTC on Sunday is already Monday in Oslo in summer time.
    expect(schoolDateOf({ start: '2026-03-29T22:30:00.000Z' })).toBe('2026-03-30');
    expect(schoolDateOf({ start: '2026-03-29T21:59:00.000Z' })).toBe('2026-03-29');
    expect(schoolDateOf({ start: '2026-10-25T22:30:00.000Z' })).toBe('2026-10-25');
  });

  it('defaults to the school year around today, or around the one date given', () => {
    expect(resolveRange({}, '2026-11-21')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(resolveRange({ from: '2026-01-05' }, '2026-11-21')).toEqual({
      from: '2026-01-05',
      to: '2026-07-31',
    });
    expect(resolveRange({ to: '2026-12-31' }, '2026-03-01')).toEqual({
      from: '2026-08-01',
      to: '2026-12-31',
    });
  });
});

describe.each(dialects())('attendance reports on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let otherSchoolId: string;
  const cookies: Record<
    'admin' | 'teacher' | 'janitor' | 'kitchen' | 'stipp' | 'studentA' | 'studentD' | 'otherAdmin',
    string
  > = {
    admin: '',
    teacher: '',
    janitor: '',
    kitchen: '',
    stipp: '',
    studentA: '',
    studentD: '',
    otherAdmin: '',
  };
  let a: string;
  let b: string;
  let c: string;
  let d: string;
  let teacherId: string;
  let stranger: string;
  let lineA: string;
  let lineB: string;
  let counter = 0;

  const get = async <T = unknown>(cookie: string, url: string) => {
    const response = await t.request({ method: 'GET', url, cookie });
    const json = String(response.headers['content-type']).includes('json');
    return { status: response.statusCode, body: (json ? response.json() : response.body) as T };
  };

  /** A record as the attendance module writes it; the report reads nothing else. */
  const record = async (
    school: string,
    studentId: string,
    date: string,
    time: string,
    minutes: number,
    status: AttendanceStatus,
    mandatory = true,
  ) => {
    counter += 1;
    const eventId = `event-${counter}`;
    const start = new Date(schoolTimeToInstant(date, time)).toISOString();
    await t.ctx.database.db
      .insertInto('attendance')
      .values({
        school_id: school,
        id: `${eventId}-${studentId}`,
        event_id: eventId,
        student_id: studentId,
        event_start: start,
        event_date: schoolDateOf({ start }),
        event_duration: minutes,
        event_mandatory: mandatory ? 1 : 0,
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

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const setup = await setupSchool(t);
    schoolId = setup.schoolId;
    cookies.admin = setup.adminCookie;
    for (const [key, roles] of [
      ['teacher', ['teacher']],
      ['janitor', ['janitor']],
      ['kitchen', ['kitchen']],
      ['stipp', ['stipp']],
    ] as const) {
      const member = await createPerson(t, schoolId, { roles, login: true });
      cookies[key] = await login(t, member.email);
      if (key === 'teacher') teacherId = member.personId;
    }
    const studentA = await createPerson(t, schoolId, { login: true });
    a = studentA.personId;
    cookies.studentA = await login(t, studentA.email);
    b = (await createPerson(t, schoolId)).personId;
    c = (await createPerson(t, schoolId)).personId;
    const studentD = await createPerson(t, schoolId, { login: true });
    d = studentD.personId;
    cookies.studentD = await login(t, studentD.email);

    otherSchoolId = await createSchool(t);
    cookies.otherAdmin = await login(
      t,
      (await createPerson(t, otherSchoolId, { roles: ['admin'], login: true })).email,
    );
    stranger = (await createPerson(t, otherSchoolId)).personId;

    lineA = await insertLine(t, schoolId, { name: 'Friluftsliv', members: [a, b] });
    // A name a spreadsheet would run as a formula.
    lineB = await insertLine(t, schoolId, { name: '=Musikk', members: [c] });

    // A: 2000 minutes expected, 1799 attended (89.95 %: under 90 %, shown as 89.9).
    await record(schoolId, a, '2026-03-02', '09:00', 800, 'attending');
    await record(schoolId, a, '2026-03-03', '09:00', 100, 'justifiedLeave');
    // 00:30 on Monday in Oslo is Sunday 23:30 in UTC: it belongs to week 11.
    await record(schoolId, a, '2026-03-09', '00:30', 999, 'attending');
    await record(schoolId, a, '2026-03-10', '09:00', 101, 'notAttending');
    // Not mandatory: never counted.
    await record(schoolId, a, '2026-03-04', '12:00', 500, 'notAttending', false);
    await record(schoolId, a, '2026-03-05', '12:00', 500, 'attending', false);
    // B: exactly 90.0 %, justified leave counted as absence.
    await record(schoolId, b, '2026-03-02', '09:00', 450, 'attending');
    await record(schoolId, b, '2026-03-11', '09:00', 450, 'attending');
    await record(schoolId, b, '2026-03-12', '09:00', 100, 'justifiedLeave');
    // C: the first and the last minute of the range count, the minutes around it do not.
    await record(schoolId, c, '2026-03-01', '23:59', 200, 'notAttending');
    await record(schoolId, c, '2026-03-02', '00:00', 300, 'attending');
    await record(schoolId, c, '2026-03-13', '23:59', 300, 'attending');
    await record(schoolId, c, '2026-03-14', '00:00', 200, 'notAttending');
    // Another school's student, in the same weeks, with the same kind of ids.
    await record(otherSchoolId, stranger, '2026-03-03', '09:00', 5000, 'notAttending');
  });
  afterAll(() => t.close());

  it('sums the minutes of mandatory events per student, with the 90 % flag', async () => {
    const { status, body } = await get<AttendanceReport>(cookies.teacher, REPORT);
    expect(status).toBe(200);
    expect(body.from).toBe(RANGE.from);
    expect(body.to).toBe(RANGE.to);
    expect(body.lineId).toBeNull();
    const byId = new Map(body.students.map((student) => [student.studentId, student]));
    expect(byId.get(a)).toMatchObject({
      lineIds: [lineA],
      expectedMinutes: 2000,
      attendedMinutes: 1799,
      justifiedMinutes: 100,
      absentMinutes: 101,
      percent: 89.9,
      below: true,
    });
    expect(byId.get(b)).toMatchObject({
      expectedMinutes: 1000,
      attendedMinutes: 900,
      justifiedMinutes: 100,
      absentMinutes: 0,
      percent: 90,
      below: false,
    });
    expect(byId.get(c)).toMatchObject({
      lineIds: [lineB],
      expectedMinutes: 600,
      attendedMinutes: 600,
      justifiedMinutes: 0,
      absentMinutes: 0,
      percent: 100,
      below: false,
    });
    // A student without records is listed with nothing expected; staff are not students.
    expect(byId.get(d)).toMatchObject({ expectedMinutes: 0, lineIds: [], percent: null, below: false });
    // Every day of A, B and C has one lesson: missing it is an absence day, the justified ones apart.
    expect(body.absenceDayPercent).toBe(50);
    const days = (id: string) => {
      const { schoolDays, absenceDays, absenceHours, justifiedDays, justifiedHours } = byId.get(id)!;
      return { schoolDays, absenceDays, absenceHours, justifiedDays, justifiedHours };
    };
    expect(days(a)).toEqual({
      schoolDays: 4,
      absenceDays: 2,
      absenceHours: 0,
      justifiedDays: 1,
      justifiedHours: 0,
    });
    expect(days(b)).toEqual({
      schoolDays: 3,
      absenceDays: 1,
      absenceHours: 0,
      justifiedDays: 1,
      justifiedHours: 0,
    });
    // 00:00 in Oslo on 2 March is 23:00 UTC on 1 March: one school day, not two.
    expect(days(c)).toEqual({
      schoolDays: 2,
      absenceDays: 0,
      absenceHours: 0,
      justifiedDays: 0,
      justifiedHours: 0,
    });
    expect(days(d)).toEqual({
      schoolDays: 0,
      absenceDays: 0,
      absenceHours: 0,
      justifiedDays: 0,
      justifiedHours: 0,
    });
    expect(byId.has(teacherId)).toBe(false);
    expect(byId.has(stranger)).toBe(false);
    expect(body.students).toHaveLength(4);
  });

  it('sums each line over its members', async () => {
    const { body } = await get<AttendanceReport>(cookies.admin, REPORT);
    // Sorted by name: '=Musikk' before 'Friluftsliv'.
    expect(body.lines).toEqual([
      {
        lineId: lineB,
        name: '=Musikk',
        studentCount: 1,
        expectedMinutes: 600,
        attendedMinutes: 600,
        justifiedMinutes: 0,
        absentMinutes: 0,
        percent: 100,
        below: false,
      },
      {
        lineId: lineA,
        name: 'Friluftsliv',
        studentCount: 2,
        expectedMinutes: 3000,
        attendedMinutes: 2699,
        justifiedMinutes: 200,
        absentMinutes: 101,
        percent: 89.9,
        below: true,
      },
    ]);
  });

  it('gives attended minutes per ISO week of the school', async () => {
    const { body } = await get<AttendanceReport>(cookies.teacher, REPORT);
    expect(body.weeks).toEqual([
      { week: '2026-W10', monday: '2026-03-02', expectedMinutes: 1650, attendedMinutes: 1550, percent: 93.9 },
      { week: '2026-W11', monday: '2026-03-09', expectedMinutes: 1950, attendedMinutes: 1749, percent: 89.6 },
    ]);
  });

  it('limits everything to the members of a line', async () => {
    const { status, body } = await get<AttendanceReport>(cookies.teacher, `${REPORT}&line=${lineA}`);
    expect(status).toBe(200);
    expect(body.lineId).toBe(lineA);
    expect(body.students.map((student) => student.studentId).sort()).toEqual([a, b].sort());
    expect(body.lines.map((line) => line.lineId)).toEqual([lineA]);
    expect(body.weeks.map((week) => [week.expectedMinutes, week.attendedMinutes])).toEqual([
      [1350, 1250],
      [1650, 1449],
    ]);
  });

  it('answers 404 for a line that is not the school’s, and never counts another school', async () => {
    expect((await get(cookies.teacher, `${REPORT}&line=no-such-line`)).status).toBe(404);
    const foreign = await get(cookies.otherAdmin, `${REPORT}&line=${lineA}`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(a);
    const other = await get<AttendanceReport>(cookies.otherAdmin, REPORT);
    expect(other.status).toBe(200);
    expect(other.body.students).toEqual([
      expect.objectContaining({
        studentId: stranger,
        expectedMinutes: 5000,
        absentMinutes: 5000,
        below: true,
      }),
    ]);
    expect(other.body.lines).toEqual([]);
    expect(other.body.weeks.map((week) => week.expectedMinutes)).toEqual([5000, 0]);
    expect((await get(cookies.otherAdmin, `/api/v1/attendance/report.csv?line=${lineA}`)).status).toBe(404);
  });

  it('defaults to the school year around today', async () => {
    const { status, body } = await get<AttendanceReport>(cookies.teacher, '/api/v1/attendance/report');
    expect(status).toBe(200);
    const today = todayInSchoolZone();
    const start = Number(today.slice(5, 7)) >= 8 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
    expect(body.from).toBe(`${start}-08-01`);
    expect(body.to).toBe(`${start + 1}-07-31`);
    expect(body.weeks[0]!.monday <= body.from).toBe(true);
    expect(body.weeks.at(-1)!.monday <= body.to).toBe(true);
    expect(body.weeks.length).toBeGreaterThanOrEqual(47);
  });

  it('answers 400 on bad dates and ranges', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-13', 'validation-failed'],
      ['from=2026-3-1&to=2026-03-13', 'validation-failed'],
      ['from=i-dag', 'validation-failed'],
      ['from=2026-03-13&to=2026-03-12', 'calendar-range-invalid'],
      ['from=2025-08-01&to=2026-08-02', 'validation-failed'],
      ['from=9999-12-31&to=9999-12-31', 'validation-failed'],
      ['to=9999-12-30', 'validation-failed'],
      ['from=0000-01-01&to=0000-01-01', 'validation-failed'],
      ['from=1999-12-31&to=2000-01-02', 'validation-failed'],
    ];
    for (const [query, code] of cases) {
      for (const path of ['report', 'report.csv']) {
        const response = await get<{ code: string }>(cookies.admin, `/api/v1/attendance/${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.body.code).toBe(code);
      }
    }
    // A whole school year (366 days when it holds 29 February) is allowed.
    expect((await get(cookies.admin, '/api/v1/attendance/report?from=2027-08-01&to=2028-07-31')).status).toBe(
      200,
    );
  });

  it('exports the report as CSV for Excel', async () => {
    const response = await t.request({ method: 'GET', url: CSV, cookie: cookies.teacher });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="oppmote-2026-03-02-2026-03-13.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const report = (await get<AttendanceReport>(cookies.teacher, REPORT)).body;
    const name = (id: string) => {
      const student = report.students.find((row) => row.studentId === id)!;
      return `${student.name.first} ${student.name.last}`;
    };
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Elev-ID;Elev;Linje;Forventet (min);Til stede (min);Gyldig fravær (min);Fravær (min);Oppmøte (%);' +
        'Under 90 %;Skoledager;Fraværsdager;Fraværstimer;Gyldig fravær (dager);Gyldig fravær (timer)',
    );
    expect(lines).toContain(`${a};${name(a)};Friluftsliv;2000;1799;100;101;89,9;Ja;4;2;0,0;1;0,0`);
    expect(lines).toContain(`${b};${name(b)};Friluftsliv;1000;900;100;0;90,0;Nei;3;1;0,0;1;0,0`);
    // A formula-like cell is defused with an apostrophe.
    expect(lines).toContain(`${c};${name(c)};'=Musikk;600;600;0;0;100,0;Nei;2;0;0,0;0;0,0`);
    expect(lines).toContain(`${d};${name(d)};;0;0;0;0;;;0;0;0,0;0;0,0`);
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines.at(-1)).toBe('');
  });

  it('counts absence days and hours by the school’s threshold, the justified part apart', async () => {
    // A week of D's in summer time (UTC+2), where no other test writes D's records.
    const week = '/api/v1/attendance/report?from=2026-04-13&to=2026-04-17';
    const lessons = async (date: string, statuses: AttendanceStatus[]) => {
      for (const [index, status] of statuses.entries()) {
        await record(schoolId, d, date, `${String(8 + index).padStart(2, '0')}:00`, 60, status);
      }
    };
    const [att, just, abs] = ['attending', 'justifiedLeave', 'notAttending'] as const;
    // Monday: 2 of 6 hours missed (one justified).
    await lessons('2026-04-13', [att, att, just, abs, att, att]);
    // Tuesday: 5 of 6 missed, 3 of them justified.
    await lessons('2026-04-14', [att, just, just, just, abs, abs]);
    // Wednesday: all 6 missed.
    await lessons('2026-04-15', [abs, abs, abs, abs, abs, abs]);
    // Thursday: 1 of 2 missed; 00:30 in Oslo is 22:30 UTC on Wednesday, and still Thursday.
    await record(schoolId, d, '2026-04-16', '00:30', 60, abs);
    await record(schoolId, d, '2026-04-16', '08:00', 60, att);
    // Friday: 20 minutes missed; optional events never count.
    await record(schoolId, d, '2026-04-17', '08:00', 60, att);
    await record(schoolId, d, '2026-04-17', '09:00', 20, abs);
    await record(schoolId, d, '2026-04-17', '10:00', 300, abs, false);

    const studentD = async () => {
      const { status, body } = await get<AttendanceReport>(cookies.teacher, week);
      expect(status).toBe(200);
      const row = body.students.find((student) => student.studentId === d)!;
      return { threshold: body.absenceDayPercent, row };
    };
    const settings = (absenceDayPercent: number) =>
      callApi(t, cookies.admin, 'PUT', '/api/v1/leave/settings', {
        approvers: 'contactTeacher',
        justified: { home: true, medical: true, school: true, other: true },
        absenceDayPercent,
      });

    // By default (50 %): Tuesday, Wednesday and Thursday are absence days (Tuesday a justified
    // one); Monday's 2 hours and Friday's 20 minutes are hours, 1 of them justified.
    const byDefault = await studentD();
    expect(byDefault.threshold).toBe(50);
    expect(byDefault.row).toMatchObject({
      expectedMinutes: 1280,
      attendedMinutes: 420,
      justifiedMinutes: 240,
      absentMinutes: 620,
      schoolDays: 5,
      absenceDays: 3,
      absenceHours: 2.3,
      justifiedDays: 1,
      justifiedHours: 1,
    });
    const csv = await t.request({
      method: 'GET',
      url: week.replace('report?', 'report.csv?'),
      cookie: cookies.admin,
    });
    const name = `${byDefault.row.name.first} ${byDefault.row.name.last}`;
    expect(csv.body.split('\r\n')).toContain(`${d};${name};;1280;420;240;620;32,8;Ja;5;3;2,3;1;1,0`);

    // In winter (UTC+1) 23:30 in Oslo is 22:30 UTC on the same date: one school day, not two.
    await record(schoolId, d, '2026-02-02', '08:00', 180, att);
    await record(schoolId, d, '2026-02-02', '23:30', 60, abs);
    const winter = await get<AttendanceReport>(
      cookies.teacher,
      '/api/v1/attendance/report?from=2026-02-02&to=2026-02-08',
    );
    expect(winter.body.students.find((student) => student.studentId === d)).toMatchObject({
      schoolDays: 1,
      absenceDays: 0,
      absenceHours: 1,
    });

    // At 100 % only the wholly missed Wednesday is a day; the rest counts in hours.
    expect((await settings(100)).status).toBe(200);
    try {
      const strict = await studentD();
      expect(strict.threshold).toBe(100);
      expect(strict.row).toMatchObject({
        schoolDays: 5,
        absenceDays: 1,
        absenceHours: 8.3,
        justifiedDays: 0,
        justifiedHours: 4,
        // The minutes and the share are the same whatever the threshold.
        expectedMinutes: 1280,
        attendedMinutes: 420,
        percent: 32.8,
      });
    } finally {
      expect((await settings(50)).status).toBe(200);
    }
  });

  it('lets staff who take attendance see the report, and no one else', async () => {
    for (const key of ['admin', 'teacher'] as const) {
      expect((await get(cookies[key], REPORT)).status, key).toBe(200);
      expect((await get(cookies[key], CSV)).status, key).toBe(200);
    }
    for (const key of ['janitor', 'kitchen', 'stipp', 'studentA'] as const) {
      for (const url of [REPORT, CSV]) {
        const response = await get<{ code: string }>(cookies[key], url);
        expect(response.status, `${key} ${url}`).toBe(403);
        expect(response.body.code).toBe('forbidden');
      }
    }
    for (const url of [REPORT, CSV, SUMMARY]) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('gives students their own share for the school year and the last eight weeks', async () => {
    const today = todayInSchoolZone();
    const monday = mondayOf(today);
    // This week, two weeks ago, and nine weeks ago (outside the trend).
    await record(schoolId, a, monday, '10:00', 270, 'attending');
    await record(schoolId, a, addDays(monday, -14), '10:00', 30, 'notAttending');
    await record(schoolId, a, addDays(monday, -14), '12:00', 60, 'justifiedLeave', false);
    await record(schoolId, a, addDays(monday, -63), '10:00', 100, 'attending');

    const { status, body } = await get<MyAttendanceSummary>(cookies.studentA, SUMMARY);
    expect(status).toBe(200);
    expect({ from: body.from, to: body.to }).toEqual(schoolYearOf(today));
    const inYear = (date: string) => date >= body.from && date <= body.to;
    const expected =
      (inYear(monday) ? 270 : 0) +
      (inYear(addDays(monday, -14)) ? 30 : 0) +
      (inYear(addDays(monday, -63)) ? 100 : 0);
    const attended = (inYear(monday) ? 270 : 0) + (inYear(addDays(monday, -63)) ? 100 : 0);
    expect(body.expectedMinutes).toBe(expected);
    expect(body.attendedMinutes).toBe(attended);
    expect(body.weeks).toHaveLength(8);
    expect(body.weeks.at(-1)).toEqual({
      week: isoWeekLabel(today),
      monday,
      expectedMinutes: 270,
      attendedMinutes: 270,
      percent: 100,
    });
    expect(body.weeks.at(-3)).toMatchObject({
      monday: addDays(monday, -14),
      expectedMinutes: 30,
      percent: 0,
    });
    expect(body.weeks[0]!.monday).toBe(addDays(monday, -49));
    expect(body.weeks.reduce((sum, week) => sum + week.expectedMinutes, 0)).toBe(300);

    // Only one's own: another student sees nothing of A's.
    const other = await get<MyAttendanceSummary>(cookies.studentD, SUMMARY);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ expectedMinutes: 0, percent: null, below: false });
    expect(other.body.weeks.every((week) => week.expectedMinutes === 0 && week.percent === null)).toBe(true);
    // Scholars and staff have their own too (usually nothing); janitors see no absence at all.
    expect((await get(cookies.stipp, SUMMARY)).status).toBe(200);
    expect((await get(cookies.teacher, SUMMARY)).status).toBe(200);
    expect((await get(cookies.janitor, SUMMARY)).status).toBe(403);
    expect((await get(cookies.kitchen, SUMMARY)).status).toBe(403);
  });

  it('counts a lesson in July the same for the student and the school', async () => {
    // A summer week is in the school year that is ending: the student's own figure and the
    // report's default range hold the same days (decision 012). The school year after today's,
    // where no other test writes D's records.
    const year = Number(schoolYearOf(todayInSchoolZone()).to.slice(0, 4)) + 1;
    await record(schoolId, d, mondayOf(`${year}-07-14`), '10:00', 90, 'notAttending');
    await record(schoolId, d, mondayOf(`${year}-06-16`), '10:00', 90, 'attending');
    const mine = await myAttendanceSummary(t.ctx.database, schoolId, d, `${year}-07-20`);
    expect({ from: mine.from, to: mine.to }).toEqual({ from: `${year - 1}-08-01`, to: `${year}-07-31` });
    expect(mine).toMatchObject({ expectedMinutes: 180, attendedMinutes: 90 });
    const range = resolveRange({}, `${year}-07-20`);
    expect(range).toEqual({ from: mine.from, to: mine.to });
    const report = await get<AttendanceReport>(
      cookies.admin,
      `/api/v1/attendance/report?from=${range.from}&to=${range.to}`,
    );
    expect(report.body.students.find((row) => row.studentId === d)).toMatchObject({
      expectedMinutes: 180,
      attendedMinutes: 90,
      percent: mine.percent,
    });
  });

  it('gives the records written before school dates were kept the date of their start', async () => {
    // Every record of the tests above, among them starts at 22:30 UTC in summer and winter time.
    const dates = () =>
      t.ctx.database.db.selectFrom('attendance').select(['id', 'event_date']).orderBy('id').execute();
    const written = await dates();
    expect(written.length).toBeGreaterThan(30);
    expect(written.some((row) => row.event_date === '')).toBe(false);
    await t.ctx.database.db.updateTable('attendance').set({ event_date: '' }).execute();
    await fillSchoolDates(t.ctx.database.db);
    expect(await dates()).toEqual(written);
  });
});
