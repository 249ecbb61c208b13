/**
 * The sums behind the attendance reports. Each record keeps its event's start, school date,
 * minutes and whether it was mandatory, so a report is a range scan of an index summed in SQL:
 * no calendar is expanded and no record travels to JavaScript.
 */
import { schoolDatesToInstants, type AttendanceStatus } from '@tun/shared';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database';

/** What the report queries need: the connection and its dialect. */
export type ReportDb = Pick<Database, 'db' | 'dialect'>;

/** Which records a report sums: a school's mandatory events on the school dates from..to. */
export interface RecordScope {
  schoolId: string;
  /** The first school date, YYYY-MM-DD. */
  from: string;
  /** The last school date, included. */
  to: string;
  /** Only the records of this line's members. */
  lineId?: string;
  /** Only this student's records. */
  studentId?: string;
  /** Only these students' records (the warnings' job: the students of one sheet). */
  studentIds?: readonly string[];
}

export interface MinuteSums {
  expected: number;
  attended: number;
  justified: number;
  absent: number;
}

/**
 * The records of a scope, read from one of two indexes that hold every column the sums read.
 * The school or a line: the range of school dates in (school_id, event_date, student_id, …),
 * whose rows come grouped by day and student, so the days are summed without a sort (decision
 * 010, amendment). Students named: a seek per student in (school_id, student_id, event_start, …) for the
 * instants of those dates, a fraction of the school's rows. SQLite is told which index, since
 * its own choice was measured wrong both ways (bench: 400 students × 40 weeks); PostgreSQL
 * chooses its own.
 */
function records(database: ReportDb, scope: RecordScope) {
  const byStudent = scope.studentId !== undefined || scope.studentIds !== undefined;
  const sqlite = database.dialect === 'sqlite';
  let table = sql`attendance`;
  let range = sql`event_date >= ${scope.from} and event_date <= ${scope.to}`;
  if (byStudent) {
    const instants = schoolDatesToInstants(scope.from, scope.to);
    if (sqlite) table = sql`attendance indexed by attendance_student_sums_idx`;
    range = sql`event_start >= ${instants.from} and event_start < ${instants.to}`;
  } else if (sqlite) {
    table = sql`attendance indexed by attendance_days_idx`;
  }
  const ofLine =
    scope.lineId === undefined
      ? sql``
      : sql`and student_id in (select person_id from line_member where school_id = ${scope.schoolId} and line_id = ${scope.lineId})`;
  const ofStudent = scope.studentId === undefined ? sql`` : sql`and student_id = ${scope.studentId}`;
  const ofStudents =
    scope.studentIds === undefined
      ? sql``
      : sql`and student_id in (${sql.join(scope.studentIds.length > 0 ? scope.studentIds : [''])})`;
  // Only mandatory events count towards attendance.
  return sql`${table} where school_id = ${scope.schoolId} and ${range} and event_mandatory = 1
    ${ofLine} ${ofStudent} ${ofStudents}`;
}

/** Minutes of the records with this effective status. */
const minutesWith = (status: AttendanceStatus) =>
  sql`sum(case when status = ${sql.lit(status)} then event_duration else 0 end)`;

type Sum = string | number | bigint | null;
// PostgreSQL sums integers as bigint, which node-postgres hands over as text.
const count = (value: Sum): number => Number(value ?? 0);

/** Per student: the minutes expected, attended, on justified leave and absent. */
export async function sumsPerStudent(
  database: ReportDb,
  scope: RecordScope,
): Promise<Map<string, MinuteSums>> {
  const { rows } = await sql<{
    student_id: string;
    expected: Sum;
    attended: Sum;
    justified: Sum;
    absent: Sum;
  }>`
    select student_id, sum(event_duration) as expected, ${minutesWith('attending')} as attended,
      ${minutesWith('justifiedLeave')} as justified, ${minutesWith('notAttending')} as absent
    from ${records(database, scope)}
    group by student_id`.execute(database.db);
  return new Map(
    rows.map((row) => [
      row.student_id,
      {
        expected: count(row.expected),
        attended: count(row.attended),
        justified: count(row.justified),
        absent: count(row.absent),
      },
    ]),
  );
}

/**
 * Minutes expected and attended per school date (a row per day): the caller folds them into
 * ISO weeks, which SQL cannot tell the same way in both dialects.
 */
export async function sumsPerDate(
  database: ReportDb,
  scope: RecordScope,
): Promise<{ date: string; expected: number; attended: number }[]> {
  const { rows } = await sql<{ event_date: string; expected: Sum; attended: Sum }>`
    select event_date, sum(event_duration) as expected, ${minutesWith('attending')} as attended
    from ${records(database, scope)}
    group by event_date`.execute(database.db);
  return rows.map((row) => ({
    date: row.event_date,
    expected: count(row.expected),
    attended: count(row.attended),
  }));
}

/** A student's sums with their school days (decision 027); hours still in minutes. */
export interface DaySums extends MinuteSums {
  /** School dates with mandatory minutes (a record of an event shorter than a minute has none). */
  schoolDays: number;
  /** School dates on which the minutes missed reached the threshold. */
  absenceDays: number;
  /** Of those, the ones with at least as many justified minutes as absent ones. */
  justifiedDays: number;
  /** Minutes missed (absent or justified) on the other school dates. */
  hourMinutes: number;
  /** Of those, the justified ones. */
  justifiedHourMinutes: number;
}

/**
 * Per student, the minutes expected, attended, on justified leave and absent, and their school
 * days counted by the school's threshold: the records summed per school date and those days per
 * student, all in SQL (one row per student reaches JavaScript, as with sumsPerStudent), so that
 * a year of days never leaves the database.
 */
export async function sumsAndDaysPerStudent(
  database: ReportDb,
  scope: RecordScope,
  /** A school date is an absence day when missed × 100 ≥ this × its expected minutes. */
  absenceDayPercent: number,
): Promise<Map<string, DaySums>> {
  const percent = sql.lit(Math.trunc(absenceDayPercent));
  const isDay = sql`missed > 0 and missed * 100 >= ${percent} * expected`;
  // Per record three sums, not four: the work is per row here, and a record that is not
  // attending is on justified leave or absent (effectiveStatus), so attended and absent follow.
  // Grouped by date first, the order of the days index: SQLite then sums as it reads.
  const { rows } = await sql<{
    student_id: string;
    expected: Sum;
    missed: Sum;
    justified: Sum;
    school_days: Sum;
    absence_days: Sum;
    justified_days: Sum;
    hour_minutes: Sum;
    justified_hour_minutes: Sum;
  }>`
    select student_id, sum(expected) as expected, sum(missed) as missed, sum(justified) as justified,
      sum(case when expected > 0 then 1 else 0 end) as school_days,
      sum(case when ${isDay} then 1 else 0 end) as absence_days,
      sum(case when ${isDay} and justified * 2 >= missed then 1 else 0 end) as justified_days,
      sum(case when ${isDay} then 0 else missed end) as hour_minutes,
      sum(case when ${isDay} then 0 else justified end) as justified_hour_minutes
    from (
      select event_date, student_id, sum(event_duration) as expected,
        sum(case when status = 'attending' then 0 else event_duration end) as missed,
        ${minutesWith('justifiedLeave')} as justified
      from ${records(database, scope)}
      group by event_date, student_id
    ) as days
    group by student_id`.execute(database.db);
  return new Map(
    rows.map((row) => [
      row.student_id,
      {
        expected: count(row.expected),
        attended: count(row.expected) - count(row.missed),
        justified: count(row.justified),
        absent: count(row.missed) - count(row.justified),
        schoolDays: count(row.school_days),
        absenceDays: count(row.absence_days),
        justifiedDays: count(row.justified_days),
        hourMinutes: count(row.hour_minutes),
        justifiedHourMinutes: count(row.justified_hour_minutes),
      },
    ]),
  );
}

export interface PersonNameRow {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  left_on: string | null;
}

/**
 * The school's students (people without roles, SPEC §3), or those of one line, who were at the
 * school on some day from `from`: a student who left before the range has no part in it.
 */
export async function studentsOf(
  db: Queryable,
  schoolId: string,
  from: string,
  lineId?: string,
): Promise<PersonNameRow[]> {
  let query = db
    .selectFrom('person')
    .select(['person.id', 'person.first_name', 'person.middle_name', 'person.last_name', 'person.left_on'])
    .where('person.school_id', '=', schoolId)
    .where((eb) => eb.or([eb('person.left_on', 'is', null), eb('person.left_on', '>', from)]))
    // What remains of an erased person counts by its records alone (peopleByIds).
    .where('person.erased_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('person_role').select('role').whereRef('person_role.person_id', '=', 'person.id'),
        ),
      ),
    );
  if (lineId !== undefined) {
    query = query.where('person.id', 'in', (eb) =>
      eb
        .selectFrom('line_member')
        .select('line_member.person_id')
        .where('line_member.school_id', '=', schoolId)
        .where('line_member.line_id', '=', lineId),
    );
  }
  return query.execute();
}

/** People of the school by id (those with records who are no longer plain students). */
export async function peopleByIds(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<PersonNameRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('person')
    .select(['id', 'first_name', 'middle_name', 'last_name', 'left_on'])
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .execute();
}

/** The school's lines, or the one asked for (none when it is not the school's). */
export async function linesOf(
  db: Queryable,
  schoolId: string,
  lineId?: string,
): Promise<{ id: string; name: string }[]> {
  let query = db.selectFrom('line').select(['id', 'name']).where('school_id', '=', schoolId);
  if (lineId !== undefined) query = query.where('id', '=', lineId);
  return query.execute();
}

/** Who belongs to which line, for the school or one line. */
export async function lineMemberships(
  db: Queryable,
  schoolId: string,
  lineId?: string,
): Promise<{ line_id: string; person_id: string }[]> {
  let query = db.selectFrom('line_member').select(['line_id', 'person_id']).where('school_id', '=', schoolId);
  if (lineId !== undefined) query = query.where('line_id', '=', lineId);
  return query.execute();
}
