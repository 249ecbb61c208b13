/**
 * Attendance for the weeks before today of a generated school (generate-school.ts with
 * generate-timetable.ts): every mandatory event each student was expected at has a record, as if
 * the teacher saved the sheet, and a few students fall below 90 %. The same for the same seed.
 * For the large school of PERFORMANCE.md, 40 weeks make some 350,000 records.
 */
import {
  attendanceId,
  expandCalendar,
  isEventFor,
  todayInSchoolZone,
  type AttendanceStatus,
  schoolTimeToInstant,
} from '@tun/shared';
import { nowIso, type Queryable } from '../db/database';
import type { AttendanceTable } from '../db/schema';
import { loadSchedules, schoolTargets } from '../modules/calendar/calendar.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a small, fast, seedable generator; the same seed gives the same figures. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generateAttendance(
  db: Queryable,
  schoolId: string,
  options: { weeks: number; seed?: number; registeredBy: string | null; today?: string },
): Promise<{ records: number }> {
  const next = seededRandom(options.seed ?? 1);
  const [schedules, targets, lineMembers, electiveMembers] = await Promise.all([
    loadSchedules(db, schoolId),
    schoolTargets(db, schoolId),
    db
      .selectFrom('line_member')
      .select(['person_id', 'line_id as target'])
      .where('school_id', '=', schoolId)
      .execute(),
    db
      .selectFrom('elective_member')
      .select(['person_id', 'elective_id as target'])
      .where('school_id', '=', schoolId)
      .execute(),
  ]);
  const studentTargets = new Map<string, Set<string>>();
  for (const row of [...lineMembers, ...electiveMembers]) {
    const set = studentTargets.get(row.person_id) ?? new Set<string>();
    set.add(row.target);
    studentTargets.set(row.person_id, set);
  }
  // Each student has their own habit: most attend almost everything, some skip a lot.
  const absenceRate = new Map([...studentTargets.keys()].map((id) => [id, next() < 0.15 ? 0.12 : 0.03]));

  const today = options.today ?? todayInSchoolZone();
  const to = schoolTimeToInstant(today, '00:00');
  const from = to - options.weeks * 7 * DAY_MS;
  const now = nowIso();
  let count = 0;
  let batch: AttendanceTable[] = [];
  let registrations: { school_id: string; event_id: string; registered_by: string | null; date: string }[] =
    [];
  const flush = async () => {
    if (batch.length > 0) await db.insertInto('attendance').values(batch).execute();
    if (registrations.length > 0) await db.insertInto('event_attend_reg').values(registrations).execute();
    count += batch.length;
    batch = [];
    registrations = [];
  };
  // A week at a time keeps memory flat.
  for (let start = from; start < to; start += 7 * DAY_MS) {
    const events = expandCalendar({
      schedules,
      events: [],
      from: start,
      to: Math.min(start + 7 * DAY_MS, to),
      mainRooms: targets.mainRooms,
    }).filter((event) => event.mandatory);
    for (const event of events) {
      const minutes = Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000);
      for (const [studentId, own] of studentTargets) {
        if (!isEventFor(event, own)) continue;
        const roll = next();
        const rate = absenceRate.get(studentId)!;
        const status: AttendanceStatus =
          roll < rate ? 'notAttending' : roll < rate + 0.02 ? 'justifiedLeave' : 'attending';
        batch.push({
          school_id: schoolId,
          id: attendanceId(event.id, studentId),
          event_id: event.id,
          student_id: studentId,
          event_start: event.start,
          event_date: todayInSchoolZone(new Date(event.start)),
          event_duration: minutes,
          event_mandatory: 1,
          note: null,
          registered_by: options.registeredBy,
          preliminary_by: null,
          status,
          nfc_status: null,
          preliminary_status: null,
          manual_status: status,
          updated_at: now,
        });
        // 15 columns a row: 1,000 rows stay under both databases' limits on bound parameters.
        if (batch.length >= 1000) await flush();
      }
      registrations.push({
        school_id: schoolId,
        event_id: event.id,
        registered_by: options.registeredBy,
        date: now,
      });
    }
  }
  await flush();
  return { records: count };
}
