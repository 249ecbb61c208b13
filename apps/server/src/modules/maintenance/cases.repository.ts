/**
 * The rows of janitor cases: the case, its photos, comments and status changes
 * (docs/decisions/026-janitor-cases.md). Every query is scoped by school; the caller decides the
 * transaction.
 */
import { OPEN_CASE_STATUSES, type CaseCategory, type CaseStatus } from '@tun/shared';
import type { Selectable } from 'kysely';
import type { Queryable } from '../../db/database';
import type {
  MaintenanceCaseTable,
  MaintenanceCommentTable,
  MaintenancePhotoTable,
  MaintenanceStatusChangeTable,
} from '../../db/schema';

export type CaseRow = Selectable<MaintenanceCaseTable>;
export type CommentRow = Selectable<MaintenanceCommentTable>;
export type PhotoRow = Selectable<MaintenancePhotoTable>;
export type StatusChangeRow = Selectable<MaintenanceStatusChangeTable>;

/** The roles that handle every case of the school (policy `maintenance:handle`). */
export const HANDLER_ROLES = ['admin', 'janitor'] as const;

/**
 * Holds the school's row until the transaction ends, so that two cases reported at the same
 * moment take the next numbers one after the other. A no-op update locks the row in both
 * dialects (SQLite has no SELECT … FOR UPDATE; its writers queue anyway).
 */
export async function lockCaseNumbers(trx: Queryable, schoolId: string): Promise<void> {
  await trx
    .updateTable('school')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', schoolId)
    .execute();
}

export async function nextCaseNumber(db: Queryable, schoolId: string): Promise<number> {
  const row = await db
    .selectFrom('maintenance_case')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertCase(trx: Queryable, row: MaintenanceCaseTable): Promise<void> {
  await trx.insertInto('maintenance_case').values(row).execute();
}

export async function findCase(
  db: Queryable,
  schoolId: string,
  caseId: string,
): Promise<CaseRow | undefined> {
  return db
    .selectFrom('maintenance_case')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', caseId)
    .executeTakeFirst();
}

export async function updateCase(
  trx: Queryable,
  schoolId: string,
  caseId: string,
  changes: Partial<
    Pick<MaintenanceCaseTable, 'status' | 'reject_reason' | 'assigned_to' | 'solved_at' | 'updated_at'>
  >,
): Promise<void> {
  await trx
    .updateTable('maintenance_case')
    .set(changes)
    .where('school_id', '=', schoolId)
    .where('id', '=', caseId)
    .execute();
}

export interface CaseFilter {
  /** Only the cases this person reported (a reader who is no handler). */
  submittedBy?: string;
  status?: CaseStatus;
  state: 'open' | 'closed' | 'all';
  roomId?: string;
  category?: CaseCategory;
  /** Only cases reported before this instant. */
  createdBefore?: string;
  assignedTo?: string;
}

/**
 * The cases matching the filter: the open ones oldest first, then the closed ones newest first,
 * at most `limit` + 1 of them so the caller can tell the list was cut.
 */
export async function listCases(db: Queryable, schoolId: string, filter: CaseFilter, limit: number) {
  const base = () => {
    let query = db.selectFrom('maintenance_case').selectAll().where('school_id', '=', schoolId);
    if (filter.submittedBy !== undefined) query = query.where('submitted_by', '=', filter.submittedBy);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.roomId !== undefined) query = query.where('room_id', '=', filter.roomId);
    if (filter.category !== undefined) query = query.where('category', '=', filter.category);
    if (filter.createdBefore !== undefined) query = query.where('created_at', '<', filter.createdBefore);
    if (filter.assignedTo !== undefined) query = query.where('assigned_to', '=', filter.assignedTo);
    return query;
  };
  const open =
    filter.state === 'closed'
      ? []
      : await base()
          .where('status', 'in', [...OPEN_CASE_STATUSES])
          .orderBy('created_at', 'asc')
          .orderBy('number', 'asc')
          .limit(limit + 1)
          .execute();
  if (filter.state === 'open' || open.length > limit) return open;
  const closed = await base()
    .where('status', 'not in', [...OPEN_CASE_STATUSES])
    .orderBy('updated_at', 'desc')
    .orderBy('number', 'desc')
    .limit(limit + 1 - open.length)
    .execute();
  return [...open, ...closed];
}

export async function photoCounts(
  db: Queryable,
  schoolId: string,
  caseIds: readonly string[],
): Promise<Map<string, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('maintenance_photo')
    .select(['case_id', (eb) => eb.fn.countAll().as('count')])
    .where('school_id', '=', schoolId)
    .where('case_id', 'in', [...caseIds])
    .groupBy('case_id')
    .execute();
  return new Map(rows.map((row) => [row.case_id, Number(row.count)]));
}

export async function photosOf(db: Queryable, schoolId: string, caseId: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('maintenance_photo')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function findPhoto(
  db: Queryable,
  schoolId: string,
  caseId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('maintenance_photo')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('case_id', '=', caseId)
    .where('id', '=', photoId)
    .executeTakeFirst();
}

export async function insertPhoto(trx: Queryable, row: MaintenancePhotoTable): Promise<void> {
  await trx.insertInto('maintenance_photo').values(row).execute();
}

export async function commentsOf(
  db: Queryable,
  schoolId: string,
  caseId: string,
  withInternal: boolean,
): Promise<CommentRow[]> {
  let query = db
    .selectFrom('maintenance_comment')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('case_id', '=', caseId);
  if (!withInternal) query = query.where('internal', '=', 0);
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function insertComment(trx: Queryable, row: MaintenanceCommentTable): Promise<void> {
  await trx.insertInto('maintenance_comment').values(row).execute();
}

export async function historyOf(db: Queryable, schoolId: string, caseId: string): Promise<StatusChangeRow[]> {
  return db
    .selectFrom('maintenance_status_change')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('case_id', '=', caseId)
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insertStatusChange(trx: Queryable, row: MaintenanceStatusChangeTable): Promise<void> {
  await trx.insertInto('maintenance_status_change').values(row).execute();
}

/** The admins and janitors of the school who are still there: who hears of new cases. */
export async function currentHandlers(db: Queryable, schoolId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('person_role')
    .innerJoin('person', 'person.id', 'person_role.person_id')
    .select('person.id')
    .distinct()
    .where('person_role.school_id', '=', schoolId)
    .where('person.school_id', '=', schoolId)
    .where('person_role.role', 'in', [...HANDLER_ROLES])
    .where('person.left_on', 'is', null)
    .where('person.erased_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** Whether the person is an admin or janitor of the school still there: one a case can be given to. */
export async function isCurrentHandler(db: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const row = await db
    .selectFrom('person_role')
    .innerJoin('person', 'person.id', 'person_role.person_id')
    .select('person.id')
    .where('person_role.school_id', '=', schoolId)
    .where('person.school_id', '=', schoolId)
    .where('person.id', '=', personId)
    .where('person_role.role', 'in', [...HANDLER_ROLES])
    .where('person.left_on', 'is', null)
    .where('person.erased_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function roomOfSchool(db: Queryable, schoolId: string, roomId: string): Promise<boolean> {
  const row = await db
    .selectFrom('room')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', roomId)
    .executeTakeFirst();
  return row !== undefined;
}

// ── Personal data ───────────────────────────────────────────────────────────────────────────

export async function casesSubmittedBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('maintenance_case')
    .leftJoin('room', 'room.id', 'maintenance_case.room_id')
    .select([
      'maintenance_case.id',
      'maintenance_case.number',
      'maintenance_case.title',
      'maintenance_case.description',
      'maintenance_case.category',
      'maintenance_case.status',
      'maintenance_case.created_at',
      'maintenance_case.solved_at',
      'room.name as room_name',
    ])
    .where('maintenance_case.school_id', '=', schoolId)
    .where('maintenance_case.submitted_by', '=', personId)
    .orderBy('maintenance_case.number', 'asc')
    .execute();
}

export async function commentsBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('maintenance_comment')
    .innerJoin('maintenance_case', 'maintenance_case.id', 'maintenance_comment.case_id')
    .select([
      'maintenance_comment.case_id',
      'maintenance_case.number',
      'maintenance_comment.body',
      'maintenance_comment.internal',
      'maintenance_comment.created_at',
    ])
    .where('maintenance_comment.school_id', '=', schoolId)
    .where('maintenance_comment.author_id', '=', personId)
    .orderBy('maintenance_comment.created_at', 'asc')
    .execute();
}

/** Gives up the person's open cases: someone still there takes them. Answers their submitters. */
export async function unassignOpenCases(trx: Queryable, schoolId: string, personId: string, now: string) {
  const rows = await trx
    .selectFrom('maintenance_case')
    .select(['id', 'submitted_by'])
    .where('school_id', '=', schoolId)
    .where('assigned_to', '=', personId)
    .where('status', 'in', [...OPEN_CASE_STATUSES])
    .execute();
  if (rows.length === 0) return [];
  await trx
    .updateTable('maintenance_case')
    .set({ assigned_to: null, updated_at: now })
    .where('school_id', '=', schoolId)
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows;
}

/**
 * Forgets the person wherever a case names them; the cases, comments and photos stay. Answers
 * the submitters of the cases that changed, for the live announcement.
 */
export async function forgetPerson(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const touched = await trx
    .selectFrom('maintenance_case')
    .select('submitted_by')
    .distinct()
    .where('school_id', '=', schoolId)
    .where((eb) => eb.or([eb('submitted_by', '=', personId), eb('assigned_to', '=', personId)]))
    .execute();
  await trx
    .updateTable('maintenance_case')
    .set({ submitted_by: null })
    .where('school_id', '=', schoolId)
    .where('submitted_by', '=', personId)
    .execute();
  await trx
    .updateTable('maintenance_case')
    .set({ assigned_to: null })
    .where('school_id', '=', schoolId)
    .where('assigned_to', '=', personId)
    .execute();
  await trx
    .updateTable('maintenance_comment')
    .set({ author_id: null })
    .where('school_id', '=', schoolId)
    .where('author_id', '=', personId)
    .execute();
  await trx
    .updateTable('maintenance_photo')
    .set({ added_by: null })
    .where('school_id', '=', schoolId)
    .where('added_by', '=', personId)
    .execute();
  await trx
    .updateTable('maintenance_status_change')
    .set({ changed_by: null })
    .where('school_id', '=', schoolId)
    .where('changed_by', '=', personId)
    .execute();
  await trx
    .updateTable('maintenance_round')
    .set({ created_by: null })
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .execute();
  return touched.flatMap((row) => (row.submitted_by === null ? [] : [row.submitted_by]));
}
