/**
 * The attendance warnings already sent (decision 027, «The 93 % warning»): a row per student and
 * school year, so that a student under 93 % is warned once, until their share rises again.
 */
import type { Queryable } from '../../db/database';
import type { AttendanceWarningTable } from '../../db/schema';

/** Those among `ids` who have a warning for the school year that starts on `schoolYear`. */
export async function warnedAmong(
  db: Queryable,
  schoolId: string,
  schoolYear: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('attendance_warning')
    .select('student_id')
    .where('school_id', '=', schoolId)
    .where('school_year', '=', schoolYear)
    .where('student_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.student_id));
}

/**
 * Marks a student as warned for a school year; false when they already were (another job got
 * there first: PostgreSQL waits for its commit and then inserts nothing).
 */
export async function insertWarning(trx: Queryable, row: AttendanceWarningTable): Promise<boolean> {
  const result = await trx
    .insertInto('attendance_warning')
    .values(row)
    .onConflict((conflict) => conflict.columns(['school_id', 'student_id', 'school_year']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes these students' warnings for a school year; answers the rows as they were. */
export async function deleteWarnings(
  trx: Queryable,
  schoolId: string,
  schoolYear: string,
  ids: readonly string[],
): Promise<AttendanceWarningTable[]> {
  if (ids.length === 0) return [];
  return trx
    .deleteFrom('attendance_warning')
    .where('school_id', '=', schoolId)
    .where('school_year', '=', schoolYear)
    .where('student_id', 'in', [...ids])
    .returningAll()
    .execute();
}

/**
 * The teachers of the lines of these students (not the assistants), one row per student and
 * teacher: whom a warning goes to besides the student.
 */
export async function teachersOfStudents(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<{ student_id: string; teacher_id: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('line_member')
    .innerJoin('line_staff', (join) =>
      join
        .onRef('line_staff.line_id', '=', 'line_member.line_id')
        .onRef('line_staff.school_id', '=', 'line_member.school_id'),
    )
    .select(['line_member.person_id as student_id', 'line_staff.person_id as teacher_id'])
    .where('line_member.school_id', '=', schoolId)
    .where('line_member.person_id', 'in', [...ids])
    .where('line_staff.kind', '=', 'teacher')
    .distinct()
    .execute();
}

/** A person's warnings, oldest school year first (the privacy export). */
export async function warningsOf(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<AttendanceWarningTable[]> {
  return db
    .selectFrom('attendance_warning')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('student_id', '=', personId)
    .orderBy('school_year')
    .execute();
}

/** Removes all of a person's warnings (erasure). */
export async function deleteWarningsOf(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .deleteFrom('attendance_warning')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', personId)
    .execute();
}
