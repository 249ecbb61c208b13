/**
 * Runs the `job` table's due work (DESIGN.md «Jobs», docs/decisions/021). Every instance polls;
 * a job is claimed by a conditional update before it runs, so when two instances share a
 * database each job runs on one of them. A claim is a lease: if its instance dies, the job is
 * due again once the lease has run out.
 *
 * A handler answers nothing (done: the row goes), `{ retryAt }` (not yet: it waits, its attempt
 * not counted), or throws (it waits 1, 2, 4 … minutes and gives up after MAX_ATTEMPTS, staying
 * as a row with its last error for a while so that someone can see why).
 */
import type { AppContext } from '../context';
import type { JobKind, JobOutcome, JobPayloads } from './job-queue';
import {
  claimJob,
  deleteClaimedJob,
  deleteDeadJobs,
  dueJobIds,
  failClaimedJob,
  postponeClaimedJob,
  type ClaimedJob,
} from './jobs.repository';

/** What a handler learns about the job besides its payload. */
export interface JobInfo {
  id: string;
  schoolId: string | null;
  /** This run counted: 1 the first time. */
  attempt: number;
}

export type JobHandler<K extends JobKind> = (
  ctx: AppContext,
  payload: JobPayloads[K],
  job: JobInfo,
) => Promise<JobOutcome>;

export type JobHandlers = { [K in JobKind]: JobHandler<K> };

/** What the rest of the app sees of the runner (`ctx.jobs`). */
export interface Jobs {
  /**
   * Asks for a look at due jobs now rather than at the next poll; call it after the commit that
   * made a job due (a post published now). Returns at once; failures are logged.
   */
  kick(): void;
  /**
   * Runs due jobs until none is due, and answers how many it ran. Never runs beside itself: a
   * call while a run is under way waits for it and then looks again.
   */
  runDue(): Promise<number>;
}

/** After this many failed runs a job is given up. */
export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 60_000;
/** Where a given-up job waits: never due again. */
const GIVEN_UP_AT = '9999-12-31T23:59:59.999Z';
/** Given-up jobs are removed this long after they were made. */
const GIVEN_UP_KEPT_MS = 30 * 24 * 3_600_000;
const HOUSEKEEPING_EVERY_MS = 3_600_000;
const HOUSEKEEPING_BATCH = 1000;
const ERROR_MAX = 2000;

export interface JobRunnerOptions {
  handlers: JobHandlers;
  /** Poll this often once started; without it the runner runs only when asked (tests). */
  pollMs?: number;
  /** Jobs looked at per query. */
  batchSize?: number;
  /** Jobs run at the same time (e-mails to many recipients go out in parallel). */
  concurrency?: number;
  /** How long a claim holds; longer than any handler should take. */
  leaseMs?: number;
}

export class JobRunner implements Jobs {
  private readonly handlers: JobHandlers;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number | undefined;
  private ctx: AppContext | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The run under way, and at most one waiting behind it: more asks would find the same jobs. */
  private running: Promise<number> | undefined;
  private queued: Promise<number> | undefined;
  private lastHousekeeping = 0;

  constructor(options: JobRunnerOptions) {
    this.handlers = options.handlers;
    this.pollMs = options.pollMs;
    this.batchSize = options.batchSize ?? 100;
    this.concurrency = options.concurrency ?? 5;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  /**
   * Binds the runner to the app it runs jobs for (whose `jobs` it is) and, with `pollMs`, starts
   * polling with a first look at once, for jobs that fell due while no instance was running.
   */
  start(ctx: AppContext): void {
    this.ctx = ctx;
    if (this.pollMs === undefined) return;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and waits for the handlers under way; jobs not yet claimed stay due. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([this.running, this.queued]);
  }

  kick(): void {
    if (this.stopped || !this.ctx) return;
    const log = this.ctx.log;
    this.runDue().catch((error: unknown) => log.error({ err: error }, 'jobs: the run failed'));
  }

  runDue(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (!this.running) return this.startRun();
    this.queued ??= this.running
      .catch(() => 0)
      .then(() => {
        this.queued = undefined;
        return this.stopped ? 0 : this.startRun();
      });
    return this.queued;
  }

  private startRun(): Promise<number> {
    const run = this.runUntilNoneDue().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async runUntilNoneDue(): Promise<number> {
    const ctx = this.ctx;
    if (!ctx) throw new Error('jobs: start(ctx) before running');
    await this.housekeeping(ctx);
    let ran = 0;
    // A job that asks to run again at once is not run twice in one go: the next poll takes it.
    const seen = new Set<string>();
    while (!this.stopped) {
      const due = await dueJobIds(ctx.database.db, new Date().toISOString(), {
        maxAttempts: MAX_ATTEMPTS,
        limit: this.batchSize,
      });
      const fresh = due.filter((id) => !seen.has(id));
      if (fresh.length === 0) break;
      for (const id of fresh) seen.add(id);
      ran += await this.runBatch(ctx, fresh);
    }
    return ran;
  }

  /** The batch through `concurrency` workers; each claims its next job just before running it. */
  private async runBatch(ctx: AppContext, ids: readonly string[]): Promise<number> {
    let next = 0;
    let ran = 0;
    const worker = async () => {
      while (!this.stopped && next < ids.length) {
        const id = ids[next++]!;
        try {
          if (await this.runOne(ctx, id)) ran += 1;
        } catch (error) {
          // The database failed us (the handler's own failures are recorded in runOne); the
          // lease runs out and the job is due again. The batch's other jobs still run.
          ctx.log.error({ err: error, jobId: id }, 'jobs: could not claim or settle a job');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, ids.length) }, worker));
    return ran;
  }

  /** Claims and runs one job; false when another instance had it first. */
  private async runOne(ctx: AppContext, id: string): Promise<boolean> {
    const { db } = ctx.database;
    const now = Date.now();
    const lease = new Date(now + this.leaseMs).toISOString();
    const job = await claimJob(db, id, new Date(now).toISOString(), lease, MAX_ATTEMPTS);
    if (!job) return false;
    let outcome: JobOutcome;
    try {
      outcome = await this.handle(ctx, job);
    } catch (error) {
      await this.failed(ctx, job, lease, error);
      return true;
    }
    if (outcome && typeof outcome === 'object') {
      const retryAt = new Date(outcome.retryAt);
      if (Number.isNaN(retryAt.getTime())) {
        await this.failed(ctx, job, lease, new Error(`retryAt is not a time: ${outcome.retryAt}`));
      } else {
        await postponeClaimedJob(db, job.id, lease, retryAt.toISOString());
      }
    } else {
      await deleteClaimedJob(db, job.id, lease);
    }
    return true;
  }

  private async handle(ctx: AppContext, job: ClaimedJob): Promise<JobOutcome> {
    // A kind this version does not know (queued by a newer instance during an upgrade) fails
    // like any error: it is tried again later, by then perhaps on an instance that knows it.
    if (!(job.kind in this.handlers)) throw new Error(`no handler for the job kind ${job.kind}`);
    const handler = this.handlers[job.kind as JobKind] as JobHandler<JobKind>;
    const payload = JSON.parse(job.payload) as JobPayloads[JobKind];
    return handler(ctx, payload, { id: job.id, schoolId: job.school_id, attempt: job.attempts });
  }

  private async failed(ctx: AppContext, job: ClaimedJob, lease: string, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
    const givenUp = job.attempts >= MAX_ATTEMPTS;
    const runAt = givenUp
      ? GIVEN_UP_AT
      : new Date(Date.now() + BACKOFF_BASE_MS * 2 ** (job.attempts - 1)).toISOString();
    await failClaimedJob(ctx.database.db, job.id, lease, { error: message, runAt });
    const details = { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts };
    if (givenUp) ctx.log.error(details, 'jobs: given up after the last attempt');
    else ctx.log.warn(details, 'jobs: failed, will try again');
  }

  /** Removes long given-up jobs, at most once an hour per instance and a bounded number at a time. */
  private async housekeeping(ctx: AppContext): Promise<void> {
    const now = Date.now();
    if (now - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = now;
    await deleteDeadJobs(ctx.database.db, {
      maxAttempts: MAX_ATTEMPTS,
      before: new Date(now - GIVEN_UP_KEPT_MS).toISOString(),
      limit: HOUSEKEEPING_BATCH,
    });
  }
}
