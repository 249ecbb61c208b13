/**
 * The `job` table's queries. A job is claimed with a conditional update whose answer says whether
 * this instance won it; every later write names the lease it won, so an instance whose lease ran
 * out (and whose job another instance has since taken) changes nothing when it finishes.
 */
import type { Queryable } from '../db/database';
import type { JobTable } from '../db/schema';

export type NewJob = Omit<JobTable, 'attempts' | 'locked_until' | 'last_error'>;

/** Rows per INSERT: 200 jobs of 7 columns stay far below either dialect's parameter limit. */
const INSERT_CHUNK = 200;

export async function insertJobs(db: Queryable, jobs: readonly NewJob[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += INSERT_CHUNK) {
    await db
      .insertInto('job')
      .values(
        jobs
          .slice(start, start + INSERT_CHUNK)
          .map((job) => ({ ...job, attempts: 0, locked_until: null, last_error: null })),
      )
      .execute();
  }
}

/** Jobs due at `now` that nobody holds, oldest first; those out of attempts are left alone. */
export async function dueJobIds(
  db: Queryable,
  now: string,
  options: { maxAttempts: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('job')
    .select('id')
    .where('run_at', '<=', now)
    .where('attempts', '<', options.maxAttempts)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('run_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
  return rows.map((row) => row.id);
}

export interface ClaimedJob {
  id: string;
  school_id: string | null;
  kind: string;
  payload: string;
  /** Counting this run. */
  attempts: number;
}

/**
 * Takes the job until `lease` if it is still due and free; undefined when another instance took
 * it first (or ran it, or it is gone). Counting the attempt here rather than at failure bounds
 * a job that kills its process: its lease runs out, the next instance counts another attempt.
 */
export async function claimJob(
  db: Queryable,
  id: string,
  now: string,
  lease: string,
  maxAttempts: number,
): Promise<ClaimedJob | undefined> {
  return db
    .updateTable('job')
    .set((eb) => ({ locked_until: lease, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('run_at', '<=', now)
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returning(['id', 'school_id', 'kind', 'payload', 'attempts'])
    .executeTakeFirst();
}

/** Done: the row goes. */
export async function deleteClaimedJob(db: Queryable, id: string, lease: string): Promise<void> {
  await db.deleteFrom('job').where('id', '=', id).where('locked_until', '=', lease).execute();
}

/** Asked to run again later: not a failure, so the attempt is given back. */
export async function postponeClaimedJob(
  db: Queryable,
  id: string,
  lease: string,
  runAt: string,
): Promise<void> {
  await db
    .updateTable('job')
    .set((eb) => ({ run_at: runAt, locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

/** Failed: the error is kept and the job waits until `runAt` (far ahead once it gives up). */
export async function failClaimedJob(
  db: Queryable,
  id: string,
  lease: string,
  failure: { error: string; runAt: string },
): Promise<void> {
  await db
    .updateTable('job')
    .set({ run_at: failure.runAt, locked_until: null, last_error: failure.error })
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

/**
 * Removes up to `limit` jobs that gave up and were made before `before`; answers how many went.
 * Kept until then so that someone can read why they failed.
 */
export async function deleteDeadJobs(
  db: Queryable,
  options: { maxAttempts: number; before: string; limit: number },
): Promise<number> {
  const result = await db
    .deleteFrom('job')
    .where(
      'id',
      'in',
      db
        .selectFrom('job')
        .select('id')
        .where('attempts', '>=', options.maxAttempts)
        .where('created_at', '<', options.before)
        .limit(options.limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A school's job of one kind that waits for its first run: not taken, never tried. Only such a
 * job may take more work; one under way has read its payload already.
 */
export async function waitingJobOfKind(
  db: Queryable,
  schoolId: string,
  kind: string,
): Promise<{ id: string; payload: string } | undefined> {
  return db
    .selectFrom('job')
    .select(['id', 'payload'])
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .where('attempts', '=', 0)
    .where('locked_until', 'is', null)
    .orderBy('run_at')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Replaces a waiting job's payload if it still waits with the payload it was read with; false
 * when it was taken or changed meanwhile (PostgreSQL: by another instance's claim or save, whose
 * commit this update waits for and then reads).
 */
export async function replaceWaitingPayload(
  db: Queryable,
  id: string,
  before: string,
  after: string,
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ payload: after })
    .where('id', '=', id)
    .where('payload', '=', before)
    .where('attempts', '=', 0)
    .where('locked_until', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A school's queued jobs of one kind, with their payloads (for erasure: a handful at most). */
export async function queuedJobsOfKind(
  db: Queryable,
  schoolId: string,
  kind: string,
): Promise<{ id: string; payload: string }[]> {
  return db
    .selectFrom('job')
    .select(['id', 'payload'])
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .execute();
}

export async function deleteJobs(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('job')
    .where('id', 'in', [...ids])
    .execute();
}
