/**
 * The rows of applications for leave (decision 027), with the applicant's name, and the people
 * the leave module asks about: the student's lines, the teachers of lines, the approvers. Every
 * query is scoped by school; the caller decides the transaction.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Queryable } from '../../db/database';
import type { LeaveApplicationTable } from '../../db/schema';

export type LeaveRow = Selectable<LeaveApplicationTable>;
export type LeaveRowWithName = LeaveRow & {
  first_name: string;
  middle_name: string | null;
  last_name: string;
};

/** Lists of ids per query: keeps the IN lists short on either dialect. */
const CHUNK = 500;

/** The statuses an application still stands in: another one of the same person may not overlap them. */
const STANDING = ['pending', 'approved'];

async function chunked<T>(ids: readonly string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const rows: T[] = [];
  for (let index = 0; index < unique.length; index += CHUNK) {
    rows.push(...(await query(unique.slice(index, index + CHUNK))));
  }
  return rows;
}

export async function insertLeave(trx: Queryable, row: Insertable<LeaveApplicationTable>): Promise<void> {
  await trx.insertInto('leave_application').values(row).execute();
}

export async function updateLeave(
  trx: Queryable,
  schoolId: string,
  id: string,
  changes: Omit<Updateable<LeaveApplicationTable>, 'id' | 'school_id' | 'student_id' | 'created_at'>,
): Promise<void> {
  await trx
    .updateTable('leave_application')
    .set(changes)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

function withName(db: Queryable, schoolId: string) {
  return db
    .selectFrom('leave_application')
    .innerJoin('person', 'person.id', 'leave_application.student_id')
    .selectAll('leave_application')
    .select(['person.first_name', 'person.middle_name', 'person.last_name'])
    .where('leave_application.school_id', '=', schoolId);
}

export async function findLeave(
  db: Queryable,
  schoolId: string,
  id: string,
): Promise<LeaveRowWithName | undefined> {
  return withName(db, schoolId).where('leave_application.id', '=', id).executeTakeFirst();
}

export interface LeaveFilter {
  /** Only this student's applications. */
  studentId?: string;
  status?: string;
  /** Only applications overlapping the instants [from, to). */
  from?: string;
  to?: string;
}

/** The applications matching the filter, the newest application first, at most `limit`. */
export async function listLeaves(
  db: Queryable,
  schoolId: string,
  filter: LeaveFilter,
  limit: number,
): Promise<LeaveRowWithName[]> {
  let query = withName(db, schoolId);
  if (filter.studentId !== undefined)
    query = query.where('leave_application.student_id', '=', filter.studentId);
  if (filter.status !== undefined) query = query.where('leave_application.status', '=', filter.status);
  if (filter.to !== undefined) query = query.where('leave_application.start_at', '<', filter.to);
  if (filter.from !== undefined) query = query.where('leave_application.end_at', '>', filter.from);
  return query
    .orderBy('leave_application.created_at', 'desc')
    .orderBy('leave_application.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Holds the student's person row until the transaction ends (PostgreSQL), so that two
 * applications of one student sent at once are checked for overlap one after the other. SQLite
 * runs one write transaction at a time and needs no lock (nor has the syntax).
 */
export async function lockApplicant(trx: Queryable, schoolId: string, studentId: string): Promise<void> {
  await trx
    .selectFrom('person')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', studentId)
    .forUpdate()
    .execute();
}

/** Whether another pending or approved application of the student overlaps [start, end). */
export async function overlapsStanding(
  db: Queryable,
  schoolId: string,
  studentId: string,
  period: { start: string; end: string },
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('leave_application')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('status', 'in', STANDING)
    .where('start_at', '<', period.end)
    .where('end_at', '>', period.start);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The lines each of these students belongs to. */
export async function linesOfStudents(
  db: Queryable,
  schoolId: string,
  studentIds: readonly string[],
): Promise<Map<string, string[]>> {
  const rows = await chunked(studentIds, (ids) =>
    db
      .selectFrom('line_member')
      .select(['person_id', 'line_id'])
      .where('school_id', '=', schoolId)
      .where('person_id', 'in', ids)
      .orderBy('line_id')
      .execute(),
  );
  const lines = new Map<string, string[]>();
  for (const row of rows) lines.set(row.person_id, [...(lines.get(row.person_id) ?? []), row.line_id]);
  return lines;
}

/** The lines the person is a teacher of (not an assistant). */
export async function linesTaughtBy(db: Queryable, schoolId: string, personId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('line_staff')
    .select('line_id')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .where('kind', '=', 'teacher')
    .execute();
  return new Set(rows.map((row) => row.line_id));
}

/** The teachers of these lines who are at the school now and may approve leave (teachers and admins). */
export async function currentTeachersOfLines(
  db: Queryable,
  schoolId: string,
  lineIds: readonly string[],
): Promise<string[]> {
  const rows = await chunked(lineIds, (ids) =>
    db
      .selectFrom('line_staff')
      .innerJoin('person', 'person.id', 'line_staff.person_id')
      .select('person.id')
      .distinct()
      .where('line_staff.school_id', '=', schoolId)
      .where('line_staff.line_id', 'in', ids)
      .where('line_staff.kind', '=', 'teacher')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('person_role')
            .select('person_role.role')
            .whereRef('person_role.person_id', '=', 'person.id')
            .where('person_role.role', 'in', ['teacher', 'admin']),
        ),
      )
      .where('person.school_id', '=', schoolId)
      .where('person.left_on', 'is', null)
      .where('person.erased_at', 'is', null)
      .execute(),
  );
  return [...new Set(rows.map((row) => row.id))];
}

/** The people with one of these roles who are at the school now. */
export async function currentPeopleWithRole(
  db: Queryable,
  schoolId: string,
  roles: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('person_role')
    .innerJoin('person', 'person.id', 'person_role.person_id')
    .select('person.id')
    .distinct()
    .where('person_role.school_id', '=', schoolId)
    .where('person_role.role', 'in', [...roles])
    .where('person.school_id', '=', schoolId)
    .where('person.left_on', 'is', null)
    .where('person.erased_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

// ── Personal data ───────────────────────────────────────────────────────────────────────────

/** The person's own applications, oldest first. */
export async function leavesOfStudent(
  db: Queryable,
  schoolId: string,
  studentId: string,
): Promise<LeaveRow[]> {
  return db
    .selectFrom('leave_application')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** How many of others' applications the person decided or withdrew. */
export async function countDecidedForOthers(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<number> {
  const row = await db
    .selectFrom('leave_application')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('school_id', '=', schoolId)
    .where('decided_by', '=', personId)
    .where('student_id', '<>', personId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Deletes the student's applications; answers whether there were any. */
export async function deleteLeavesOf(trx: Queryable, schoolId: string, studentId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('leave_application')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Forgets who decided others' applications; answers the students whose applications they were. */
export async function forgetDecider(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('leave_application')
    .set({ decided_by: null })
    .where('school_id', '=', schoolId)
    .where('decided_by', '=', personId)
    .returning('student_id')
    .execute();
  return [...new Set(rows.map((row) => row.student_id))];
}
