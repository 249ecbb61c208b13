/**
 * Work due later (DESIGN.md «Jobs»): a row in `job`, taken by whichever instance looks first.
 * Enqueue inside the transaction that makes the work due, so the job exists if and only if the
 * change committed.
 */
import { randomUUID } from 'node:crypto';
import type { PushPayload } from '@tun/shared';
import type { Queryable } from '../db/database';
import {
  deleteJobs,
  insertJobs,
  queuedJobsOfKind,
  replaceWaitingPayload,
  waitingJobOfKind,
} from './jobs.repository';

/** The kinds of job and what each one's payload holds. */
export interface JobPayloads {
  /** Notify a post's audience once it is published (and not before its publish time). */
  'post.publish': { postId: string };
  /** Tell readers a post has expired (its feeds drop it), at its expiry time. */
  'post.expire': { postId: string };
  /** One e-mail, written when it was queued. */
  'email.send': { to: string; subject: string; text: string };
  /**
   * One notification to one subscribed device, written when it was queued. The subscription is
   * named, not copied: a device unsubscribed (or erased with its person) before the job runs
   * gets nothing.
   */
  'push.send': { subscriptionId: string; payload: PushPayload };
  /**
   * A janitor's round come due (at 06:00 school time of `due`): its cases are made once. A job
   * whose round has moved on (another due date, inactive, deleted) does nothing.
   */
  'maintenance.round': { schoolId: string; roundId: string; due: string };
  /**
   * Records not «Til stede» were written for these students: their share of the school year is
   * worked out, and under 93 % they and their lines' teachers are warned once (decision 027).
   */
  'attendance.warnings': { schoolId: string; studentIds: string[] };
}
export type JobKind = keyof JobPayloads;

/** What a handler may answer: nothing (done), or to run again at a later time. */
export type JobOutcome = void | { retryAt: string };

export interface JobToQueue<K extends JobKind> {
  schoolId: string | null;
  kind: K;
  payload: JobPayloads[K];
  /** When it is due (ISO-8601); now when absent. */
  runAt?: string;
}

export async function enqueueJob<K extends JobKind>(db: Queryable, job: JobToQueue<K>): Promise<string> {
  const [id] = await enqueueJobs(db, [job]);
  return id!;
}

/** Many jobs at once (one e-mail per recipient of a post): a multi-row insert per 200 jobs. */
export async function enqueueJobs<K extends JobKind>(
  db: Queryable,
  jobs: readonly JobToQueue<K>[],
): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = jobs.map((job) => ({
    id: randomUUID(),
    school_id: job.schoolId,
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    // Compared as text with other instants: stored in the one UTC form.
    run_at: job.runAt === undefined ? now : new Date(job.runAt).toISOString(),
    created_at: now,
  }));
  await insertJobs(db, rows);
  return rows.map((row) => row.id);
}

/** Most students one waiting warnings check gathers; a save beyond it queues a check of its own. */
const WARNINGS_CHECK_MAX_STUDENTS = 2000;

/**
 * Queues the 93 % check for these students, or adds them to the school's check that has not
 * started yet (decision 027): every save that writes absence asks for one, and under the
 * morning rush a check per save summed the same students' school year again and again between
 * two polls. Joined, the students are summed once, when the first of those saves' jobs is due.
 * A check already taken keeps what it read, and the save queues a new one.
 */
export async function enqueueWarningsCheck(
  db: Queryable,
  schoolId: string,
  studentIds: readonly string[],
): Promise<void> {
  const waiting = await waitingJobOfKind(db, schoolId, 'attendance.warnings');
  if (waiting) {
    const payload = JSON.parse(waiting.payload) as JobPayloads['attendance.warnings'];
    const joined = [...new Set([...payload.studentIds, ...studentIds])];
    if (joined.length <= WARNINGS_CHECK_MAX_STUDENTS) {
      const after = JSON.stringify({ ...payload, studentIds: joined });
      if (await replaceWaitingPayload(db, waiting.id, waiting.payload, after)) return;
    }
  }
  await enqueueJob(db, {
    schoolId,
    kind: 'attendance.warnings',
    payload: { schoolId, studentIds: [...new Set(studentIds)] },
  });
}

/**
 * Removes a school's queued e-mails to these addresses (erasure: a mail to someone erased must
 * not go out, and its row holds their address). Answers how many went.
 */
export async function dropQueuedEmailsTo(
  db: Queryable,
  schoolId: string,
  addresses: readonly string[],
): Promise<number> {
  const wanted = new Set(addresses.map((address) => address.toLowerCase()));
  if (wanted.size === 0) return 0;
  const ids = (await queuedJobsOfKind(db, schoolId, 'email.send'))
    .filter((job) => {
      try {
        const payload = JSON.parse(job.payload) as Partial<JobPayloads['email.send']>;
        return typeof payload.to === 'string' && wanted.has(payload.to.toLowerCase());
      } catch {
        return false;
      }
    })
    .map((job) => job.id);
  await deleteJobs(db, ids);
  return ids.length;
}
