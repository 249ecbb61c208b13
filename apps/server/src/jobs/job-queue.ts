/**
 * Work due later (DESIGN.md «Jobs»): a row in `job`, taken by whichever instance looks first.
 * Enqueue inside the transaction that makes the work due, so the job exists if and only if the
 * change committed.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';

/** The kinds of job and what each one's payload holds. */
export interface JobPayloads {
  /** Notify a post's audience once it is published (and not before its publish time). */
  'post.publish': { postId: string };
  /** One e-mail, written when it was queued. */
  'email.send': { to: string; subject: string; text: string };
}
export type JobKind = keyof JobPayloads;

/** What a handler may answer: nothing (done), or to run again at a later time. */
export type JobOutcome = void | { retryAt: string };

export async function enqueueJob<K extends JobKind>(
  db: Queryable,
  job: { schoolId: string | null; kind: K; payload: JobPayloads[K]; runAt?: string },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('job')
    .values({
      id,
      school_id: job.schoolId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      run_at: job.runAt ?? now,
      attempts: 0,
      locked_until: null,
      last_error: null,
      created_at: now,
    })
    .execute();
  return id;
}
