/**
 * The sums behind the attendance reports. Each record keeps its event's start, minutes and
 * whether it was mandatory, so a report is a range scan of `attendance (school_id, event_start)`
 * summed in SQL: no calendar is expanded and no record travels to JavaScript.
 */
import type { AttendanceStatus } from '@tun/shared';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database';

/** What the report queries need: the connection and its dialect. */
export type ReportDb = Pick<Database, 'db' | 'dialect'>;

/** Which records a report sums: a school's mandatory events that start in [fromIso, toIso). */
export interface RecordScope {
  schoolId: string;
  fromIso: string;
  toIso: string;
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
 * The records of a scope. SQLite is told which index to use, since its choice was measured
 * wrong both ways (bench: 400 students × 40 weeks): for the whole school, left to itself it
 * walks the (school_id, student_id, …) index to save the sort of GROUP BY student_id and fetches
 * 400,000 rows scattered over the table one by one, 2–3 times slower than the range of the
 * (school_id, event_start) index; for a line or one student it may take that range, where a
 * seek per student reads a fraction of the rows. PostgreSQL scans and hashes in parallel.
 */
function records(database: ReportDb, scope: RecordScope) {
  const wholeSchool =
    scope.lineId === undefined && scope.studentId === undefined && scope.studentIds === undefined;
  const table =
    database.dialect !== 'sqlite'
      ? sql`attendance`
      : wholeSchool
        ? sql`attendance indexed by attendance_start_idx`
        : sql`attendance indexed by attendance_student_sums_idx`;
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
  return sql`${table} where school_id = ${scope.schoolId} and event_start >= ${scope.fromIso}
    and event_start < ${scope.toIso} and event_mandatory = 1 ${ofLine} ${ofStudent} ${ofStudents}`;
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
 * Minutes expected and attended per event start (a few thousand rows for a school year; SQLite
 * reads them in index order without sorting): the caller folds them into the school's ISO
 * weeks, which SQL cannot tell the same way in both dialects.
 */
export async function sumsPerStart(
  database: ReportDb,
  scope: RecordScope,
): Promise<{ start: string; expected: number; attended: number }[]> {
  const { rows } = await sql<{ event_start: string; expected: Sum; attended: Sum }>`
    select event_start, sum(event_duration) as expected, ${minutesWith('attending')} as attended
    from ${records(database, scope)}
    group by event_start`.execute(database.db);
  return rows.map((row) => ({
    start: row.event_start,
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

export interface DayRule {
  /** A school date is an absence day when missed × 100 ≥ this × its expected minutes. */
  absenceDayPercent: number;
  /**
   * The UTC dates (ranges, both ends included) on which a start at 22:xx UTC is already the
   * next school date: summer time, when the school is at UTC+2.
   */
  summerDates: readonly { from: string; to: string }[];
}

/**
 * The school date of a record's start, in SQL: the UTC date, except that a start at 23:xx UTC,
 * or at 22:xx UTC in summer time, is on the next day at the school (UTC+1 or +2). The date is
 * counted on only for those late starts, so the rest is a text prefix.
 */
function schoolDateOfStart(database: ReportDb, rule: DayRule) {
  const utcDate = sql`substr(event_start, 1, 10)`;
  const hour = sql`substr(event_start, 12, 2)`;
  const nextDay =
    database.dialect === 'sqlite'
      ? sql`date(${utcDate}, '+1 day')`
      : sql`to_char(cast(${utcDate} as date) + 1, 'YYYY-MM-DD')`;
  const summer =
    rule.summerDates.length === 0
      ? sql`1 = 0`
      : sql.join(
          rule.summerDates.map((range) => sql`${utcDate} between ${range.from} and ${range.to}`),
          sql` or `,
        );
  // A simple CASE reads the hour once; most rows take the last branch (measured: the searched
  // form costs PostgreSQL a fifth more on a school year).
  return sql`case ${hour} when '23' then ${nextDay}
    when '22' then case when ${summer} then ${nextDay} else ${utcDate} end
    else ${utcDate} end`;
}

/**
 * Per student, the minutes expected, attended, on justified leave and absent, and their school
 * days counted by the rule: the records summed per school date and those days per student, all
 * in SQL (one row per student reaches JavaScript, as with sumsPerStudent). The threshold is the
 * only rule here; it is in the query so that a year of days never leaves the database.
 */
export async function sumsAndDaysPerStudent(
  database: ReportDb,
  scope: RecordScope,
  rule: DayRule,
): Promise<Map<string, DaySums>> {
  const percent = sql.lit(Math.trunc(rule.absenceDayPercent));
  const isDay = sql`missed > 0 and missed * 100 >= ${percent} * expected`;
  // Per record three sums, not four: the work is per row here, and a record that is not
  // attending is on justified leave or absent (effectiveStatus), so attended and absent follow.
  // The inner query is grouped by position: its date expression holds parameters, which
  // PostgreSQL would take as new ones if it were written again in GROUP BY.
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
      select student_id, ${schoolDateOfStart(database, rule)} as school_date,
        sum(event_duration) as expected,
        sum(case when status = 'attending' then 0 else event_duration end) as missed,
        ${minutesWith('justifiedLeave')} as justified
      from ${records(database, scope)}
      group by 1, 2
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
