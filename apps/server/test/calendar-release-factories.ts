import { expect } from 'vitest';
import type { AttendanceSheet, CalendarEvent, CalendarReferences, Schedule } from '@tun/shared';
import { callApi, createPerson, insertElective, insertGroup, insertLine } from './factories';
import type { TestApp } from './helper';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const WEEK = { from: '2026-11-23T00:00:00+01:00', to: '2026-11-30T00:00:00+01:00' };
const weekQuery = `from=${encodeURIComponent(WEEK.from)}&to=${encodeURIComponent(WEEK.to)}`;

export type TargetKind = 'line' | 'elective' | 'group';

const lesson = (name: string, from: string, fields: Record<string, unknown>) => ({
  name,
  from,
  to: `${String(Number(from.slice(0, 2)) + 1).padStart(2, '0')}:00`,
  type: 'class',
  mandatory: true,
  groupsAttending: [],
  roomUsed: null,
  forClasses: [],
  forElectives: [],
  ...fields,
});

/** What a student, the whole school and every sheet of the week look like at one moment. */
async function snapshot(t: TestApp, admin: string, studentId: string) {
  const get = <T>(url: string) => callApi<T>(t, admin, 'GET', url);
  const school = (await get<{ events: CalendarEvent[] }>(`/api/v1/calendar?${weekQuery}`)).body.events;
  const own = (await get<{ events: CalendarEvent[] }>(`/api/v1/calendar?${weekQuery}&person=${studentId}`))
    .body.events;
  const sheets = new Map<string, string[]>();
  for (const event of school) {
    const sheet = await get<AttendanceSheet>(`/api/v1/attendance/events/${encodeURIComponent(event.id)}`);
    expect(sheet.status, event.name).toBe(200);
    sheets.set(event.id, sheet.body.rows.map((row) => row.studentId).sort());
  }
  return { school, own: own.map((event) => event.id).sort(), sheets };
}

/**
 * A school week that names a line, an elective or a temporary group (the target, with Anna and
 * Bjørn) in every way the calendar can: alone and beside the line Musikk (Cecilie), in the
 * fanned-out lists and in groupsAttending, in one-off events and in an override that narrowed a
 * shared lesson to the target. Returns what deleting the target should report, and the week
 * as it was.
 */
export async function weekNamingTarget(t: TestApp, schoolId: string, admin: string, kind: TargetKind) {
  const api = <T = unknown>(method: Method, url: string, body?: object) =>
    callApi<T>(t, admin, method, url, body);
  const person = async () => (await createPerson(t, schoolId)).personId;
  const [anna, bjorn, cecilie] = [await person(), await person(), await person()];
  const lineL = await insertLine(t, schoolId, { name: 'Friluftsliv', members: [anna, bjorn] });
  const lineM = await insertLine(t, schoolId, { name: 'Musikk', members: [cecilie] });
  let target = lineL;
  if (kind === 'elective') {
    target = await insertElective(t, schoolId, { name: 'Klatring', color: 'orange', members: [anna, bjorn] });
  } else if (kind === 'group') {
    target = await insertGroup(t, schoolId, { name: 'Turlaget', endDate: null, members: [anna, bjorn] });
  }
  // Groups cannot be fanned out over; they attend shared lessons only.
  const alone =
    kind === 'line' ? { forClasses: [target] } : kind === 'elective' ? { forElectives: [target] } : undefined;
  const days = {
    Mo: [lesson('Linjefag', '09:00', { forClasses: [lineL, lineM] })],
    Tu: alone ? [lesson('Eget fag', '09:00', alone)] : [],
    We: [lesson('Samling', '09:00', { groupsAttending: [target] })],
    Th: [lesson('Fellesfag', '09:00', { groupsAttending: [target, lineM] })],
    Fr: [lesson('Allmøte', '09:00', { groupsAttending: [] })],
  };
  const saved = await api('PUT', '/api/v1/calendar/schedules/normalWeek', { name: 'Normaluke', days });
  expect(saved.status).toBe(200);
  const event = async (name: string, day: string, groupsAttending: string[]) => {
    const created = await api<CalendarEvent>('POST', '/api/v1/calendar/events', {
      name,
      start: `2026-11-${day}T15:00:00.000Z`,
      end: `2026-11-${day}T16:00:00.000Z`,
      type: 'none',
      mandatory: true,
      roomUsed: null,
      groupsAttending,
    });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  await event('Utflukt', '24', [target]);
  const concert = await event('Konsert', '25', [target, lineM]);
  const week = (await api<{ events: CalendarEvent[] }>('GET', `/api/v1/calendar?${weekQuery}`)).body.events;
  const shared = week.find((e) => e.name === 'Fellesfag')!;
  const narrowed = await api('PATCH', `/api/v1/calendar/events/${encodeURIComponent(shared.id)}`, {
    ...shared,
    name: 'Fellesfag ute',
    groupsAttending: [target],
  });
  expect(narrowed.status).toBe(200);

  const expected: CalendarReferences = {
    // Linjefag loses the line; Fellesfag keeps Musikk.
    scheduleEntriesChanged: kind === 'line' ? 2 : 1,
    // Eget fag and Samling were for the target alone.
    scheduleEntriesRemoved: alone ? 2 : 1,
    // Konsert keeps Musikk; Utflukt and the narrowed Fellesfag were for the target alone.
    eventsChanged: 1,
    eventsRemoved: 2,
  };
  const plural = { line: 'lines', elective: 'electives', group: 'groups' }[kind];
  return {
    target,
    cecilie,
    concert,
    expected,
    url: `/api/v1/${plural}/${target}`,
    before: await snapshot(t, admin, cecilie),
  };
}

/**
 * After the target is deleted: the student of the other line sees the same week, nothing has
 * become a whole-school event, no sheet expects anyone new, and what is left saves unchanged.
 */
export async function expectNothingWidened(
  t: TestApp,
  admin: string,
  scenario: Awaited<ReturnType<typeof weekNamingTarget>>,
) {
  const after = await snapshot(t, admin, scenario.cecilie);
  expect(after.own).toEqual(scenario.before.own);
  const wholeSchool = (events: CalendarEvent[]) =>
    events.filter((event) => event.groupsAttending.length === 0).map((event) => event.id);
  expect(wholeSchool(after.school)).toEqual(wholeSchool(scenario.before.school));
  for (const event of after.school) {
    expect(scenario.before.sheets.get(event.id), event.name).toBeDefined();
    const before = new Set(scenario.before.sheets.get(event.id));
    expect(
      after.sheets.get(event.id)!.filter((id) => !before.has(id)),
      event.name,
    ).toEqual([]);
    expect(event.groupsAttending).not.toContain(scenario.target);
  }
  // The sheets of what was for the target alone are gone with it.
  for (const event of scenario.before.school) {
    if (after.school.some((kept) => kept.id === event.id)) continue;
    const sheet = await callApi(t, admin, 'GET', `/api/v1/attendance/events/${encodeURIComponent(event.id)}`);
    expect(sheet.status, event.name).toBe(404);
  }
  expect(after.sheets.get(scenario.concert)).toEqual([scenario.cecilie]);

  const week = await callApi<Schedule>(t, admin, 'GET', '/api/v1/calendar/schedules/normalWeek');
  expect(JSON.stringify(week.body.days)).not.toContain(scenario.target);
  const resaved = await callApi(t, admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', week.body);
  expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
  const concert = after.school.find((event) => event.id === scenario.concert)!;
  expect(concert.groupsAttending).toHaveLength(1);
  const patched = await callApi(t, admin, 'PATCH', `/api/v1/calendar/events/${scenario.concert}`, concert);
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
}
