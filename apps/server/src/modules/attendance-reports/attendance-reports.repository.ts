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
  const wholeSchool = scope.lineId === undefined && scope.studentId === undefined;
  const table =
    database.dialect !== 'sqlite'
      ? sql`attendance`
      : wholeSchool
        ? sql`attendance indexed by attendance_start_idx`
        : sql`attendance indexed by attendance_student_idx`;
  const ofLine =
    scope.lineId === undefined
      ? sql``
      : sql`and student_id in (select person_id from line_member where school_id = ${scope.schoolId} and line_id = ${scope.lineId})`;
  const ofStudent = scope.studentId === undefined ? sql`` : sql`and student_id = ${scope.studentId}`;
  // Only mandatory events count towards attendance.
  return sql`${table} where school_id = ${scope.schoolId} and event_start >= ${scope.fromIso}
    and event_start < ${scope.toIso} and event_mandatory = 1 ${ofLine} ${ofStudent}`;
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
