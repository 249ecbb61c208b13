import type { CalendarEvent } from '@tun/shared';
import { callApi, createPerson, createSchool, insertLine, login, setupSchool } from './factories';
import type { TestApp } from './helper';

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of `eventL` and `eventM`. */
const FIRST_MONDAY = '2026-11-23';
/**
 * The Mondays `freshWeek` hands out: winter time (CET) from the end of October 2026 to the end of
 * March 2027, so the 09:00 lesson is always 08:00 UTC; the week of FIRST_MONDAY is left out.
 */
const WINTER_MONDAYS = Array.from({ length: 22 }, (_, index) => addDays('2026-10-26', 7 * index)).filter(
  (monday) => monday !== FIRST_MONDAY,
);

/**
 * A school to take attendance in: an admin, a teacher, two scholars, three students (Anna and
 * Bjørn on Friluftsliv, Cecilie on Musikk), another school's admin, and a Monday «Linjefag» for
 * both lines (the occurrences of 23 November 2026, `eventL` and `eventM`). `freshWeek` gives a
 * test the lessons of a week no other caller got, so that the sheets it writes are its own.
 */
export async function attendanceSchool(t: TestApp) {
  const { schoolId, adminId, adminCookie: admin } = await setupSchool(t);
  const member = async (roles: string[]) => {
    const created = await createPerson(t, schoolId, { roles, login: true });
    return { id: created.personId, cookie: await login(t, created.email) };
  };
  const teacher = await member(['teacher']);
  const stipp = await member(['stipp']);
  const otherStipp = await member(['stipp']);
  const students = { anna: await member([]), bjorn: await member([]), cecilie: await member([]) };
  const otherAdmin = await login(
    t,
    (await createPerson(t, await createSchool(t), { roles: ['admin'], login: true })).email,
  );

  const lineL = await insertLine(t, schoolId, {
    name: 'Friluftsliv',
    shortName: 'Fri',
    members: [students.anna.id, students.bjorn.id],
  });
  const lineM = await insertLine(t, schoolId, {
    name: 'Musikk',
    shortName: 'Mus',
    members: [students.cecilie.id],
  });
  const saved = await callApi(t, admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
    name: 'Normaluke',
    days: {
      Mo: [
        {
          name: 'Linjefag',
          from: '09:00',
          to: '11:30',
          type: 'class',
          mandatory: true,
          groupsAttending: [],
          roomUsed: null,
          forClasses: [lineL, lineM],
          forElectives: [],
        },
      ],
    },
  });
  if (saved.status !== 200) throw new Error(`the normal week was not saved: ${JSON.stringify(saved.body)}`);

  /** The Monday lessons of both lines in the week of `monday`. */
  const lessonsOf = async (monday: string) => {
    const from = `${monday}T00:00:00+01:00`;
    const to = `${addDays(monday, 7)}T00:00:00+01:00`;
    const week = await callApi<{ events: CalendarEvent[] }>(
      t,
      admin,
      'GET',
      `/api/v1/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    const eventOf = (lineId: string) => week.body.events.find((e) => e.groupsAttending[0] === lineId)!.id;
    return { eventL: eventOf(lineL), eventM: eventOf(lineM) };
  };

  let weeksGiven = 0;
  /** A week of its own: its Monday and Sunday, and the lessons of both lines that Monday. */
  const freshWeek = async () => {
    const monday = WINTER_MONDAYS[weeksGiven];
    if (!monday) throw new Error('no winter week is left for another test');
    weeksGiven += 1;
    return { monday, sunday: addDays(monday, 6), ...(await lessonsOf(monday)) };
  };

  return {
    schoolId,
    adminId,
    admin,
    teacher: teacher.cookie,
    teacherId: teacher.id,
    stipp: stipp.cookie,
    stippId: stipp.id,
    otherStipp: otherStipp.cookie,
    otherAdmin,
    students,
    lineL,
    lineM,
    ...(await lessonsOf(FIRST_MONDAY)),
    freshWeek,
  };
}
