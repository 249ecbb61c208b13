/**
 * The job runner against real databases: each due job runs once even with two instances on one
 * database, failures back off and end, a handler may ask to run later, and jobs outlive the
 * process that queued them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, enqueueJobs, type JobPayloads } from '../src/jobs/job-queue';
import { JobRunner, MAX_ATTEMPTS, type JobHandlers, type JobInfo } from '../src/jobs/job-runner';
import { createTestAppOn, createTestDatabase, dialects, type TestApp, type TestDatabase } from './helper';
import { startTestSmtp, type TestSmtp } from './smtp-server';

/** The apps' own runners look once at start, then not for an hour: the tests run jobs themselves. */
const QUIET = { JOB_POLL_MS: '3600000' };

type EmailHandler = (payload: JobPayloads['email.send'], job: JobInfo) => Promise<void | { retryAt: string }>;

/** A runner whose 'email.send' handler is the test's; no timer, it runs when asked. */
function runnerFor(t: TestApp, email: EmailHandler, options: { concurrency?: number } = {}) {
  const handlers: JobHandlers = {
    'email.send': (_ctx, payload, job) => email(payload, job),
    'post.publish': async () => {
      throw new Error('not in these tests');
    },
    'post.expire': async () => {
      throw new Error('not in these tests');
    },
    'push.send': async () => {
      throw new Error('not in these tests');
    },
    'maintenance.round': async () => {
      throw new Error('not in these tests');
    },
    'attendance.warnings': async () => {
      throw new Error('not in these tests');
    },
  };
  const runner = new JobRunner({ handlers, ...options });
  runner.start(t.ctx);
  return runner;
}

const mail = (to: string) => ({ to, subject: 'Emne', text: 'Tekst' });

async function jobRow(t: TestApp, id: string) {
  return t.ctx.database.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Makes a waiting job due now, as if its time had come. */
async function makeDue(t: TestApp, id: string) {
  await t.ctx.database.db
    .updateTable('job')
    .set({ run_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();
}

describe.each(dialects())('jobs on %s', (dialect) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    t = await createTestAppOn(database, dialect, QUIET);
    // The app's own look at start-up, finished before the tests queue anything.
    await t.ctx.jobs.runDue();
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('runs a due job once and removes it; a job due later waits', async () => {
    const seen: string[] = [];
    const runner = runnerFor(t, async (payload) => {
      seen.push(payload.to);
    });
    const now = await enqueueJob(t.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: mail('nå'),
    });
    const later = await enqueueJob(t.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: mail('senere'),
      runAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual(['nå']);
    expect(await jobRow(t, now)).toBeUndefined();
    expect(await jobRow(t, later)).toBeDefined();
    expect(await runner.runDue()).toBe(0);
    await t.ctx.database.db.deleteFrom('job').where('id', '=', later).execute();
  });

  it('runs each of 50 jobs exactly once when two instances race for them', async () => {
    const second = await createTestAppOn(database, dialect, QUIET);
    try {
      await second.ctx.jobs.runDue();
      const runs: { id: string; by: string }[] = [];
      const handler = (by: string) => async (_payload: JobPayloads['email.send'], job: JobInfo) => {
        // Yield, so that the two instances' claims interleave.
        await new Promise((resolve) => setImmediate(resolve));
        runs.push({ id: job.id, by });
      };
      const ids = await enqueueJobs(
        t.ctx.database.db,
        Array.from({ length: 50 }, (_, i) => ({
          schoolId: null,
          kind: 'email.send' as const,
          payload: mail(`mottaker${i}@fjordtun.no`),
        })),
      );
      const first = runnerFor(t, handler('first'));
      const other = runnerFor(second, handler('second'));
      const [a, b] = await Promise.all([first.runDue(), other.runDue()]);
      expect(a + b).toBe(50);
      expect(runs).toHaveLength(50);
      expect(new Set(runs.map((run) => run.id))).toEqual(new Set(ids));
      const left = await t.ctx.database.db.selectFrom('job').select('id').where('id', 'in', ids).execute();
      expect(left).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('backs off after a failure, counts the attempts, and keeps the error', async () => {
    let failures = 2;
    const runner = runnerFor(t, async () => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP-tjeneren svarte ikke');
      }
    });
    const id = await enqueueJob(t.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: mail('a'),
    });

    let before = Date.now();
    expect(await runner.runDue()).toBe(1);
    let row = await jobRow(t, id);
    expect(row).toMatchObject({ attempts: 1, last_error: 'SMTP-tjeneren svarte ikke', locked_until: null });
    expect(Date.parse(row!.run_at)).toBeGreaterThanOrEqual(before + 60_000);
    expect(Date.parse(row!.run_at)).toBeLessThanOrEqual(Date.now() + 60_000);
    // Not due again until then.
    expect(await runner.runDue()).toBe(0);

    await makeDue(t, id);
    before = Date.now();
    await runner.runDue();
    row = await jobRow(t, id);
    expect(row?.attempts).toBe(2);
    expect(Date.parse(row!.run_at)).toBeGreaterThanOrEqual(before + 120_000);
    expect(Date.parse(row!.run_at)).toBeLessThanOrEqual(Date.now() + 120_000);

    await makeDue(t, id);
    await runner.runDue();
    expect(await jobRow(t, id)).toBeUndefined();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and leaves the job as a row that never runs again`, async () => {
    let calls = 0;
    const runner = runnerFor(t, async () => {
      calls += 1;
      throw new Error(`feil nummer ${calls}`);
    });
    const id = await enqueueJob(t.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: mail('b'),
    });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await makeDue(t, id);
      await runner.runDue();
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    const row = await jobRow(t, id);
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, last_error: `feil nummer ${MAX_ATTEMPTS}` });
    expect(row!.run_at.startsWith('9999')).toBe(true);
    // Out of attempts, it is not taken even when its time is changed to now.
    await makeDue(t, id);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(MAX_ATTEMPTS);
    await t.ctx.database.db.deleteFrom('job').where('id', '=', id).execute();
  });

  it('runs a job again at the time its handler asks for, without counting an attempt', async () => {
    const retryAt = new Date(Date.now() + 3_600_000).toISOString();
    let calls = 0;
    const runner = runnerFor(t, async () => {
      calls += 1;
      return calls === 1 ? { retryAt } : undefined;
    });
    const id = await enqueueJob(t.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: mail('c'),
    });
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(t, id)).toMatchObject({ run_at: retryAt, attempts: 0, locked_until: null });
    expect(await runner.runDue()).toBe(0);
    await makeDue(t, id);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobRow(t, id)).toBeUndefined();
  });

  it('runs the other jobs when one handler fails', async () => {
    const sent: string[] = [];
    const runner = runnerFor(t, async (payload) => {
      if (payload.to.startsWith('feil')) throw new Error('avvist');
      sent.push(payload.to);
    });
    const ids = await enqueueJobs(
      t.ctx.database.db,
      ['ok1', 'feil1', 'ok2', 'feil2', 'ok3'].map((to) => ({
        schoolId: null,
        kind: 'email.send' as const,
        payload: mail(to),
      })),
    );
    expect(await runner.runDue()).toBe(5);
    expect(sent.sort()).toEqual(['ok1', 'ok2', 'ok3']);
    const left = await t.ctx.database.db
      .selectFrom('job')
      .select(['payload', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(left.map((row) => JSON.parse(row.payload).to).sort()).toEqual(['feil1', 'feil2']);
    expect(left.every((row) => row.attempts === 1)).toBe(true);
    await t.ctx.database.db.deleteFrom('job').where('id', 'in', ids).execute();
  });

  it('fails a job of a kind it has no handler for, and a payload it cannot read', async () => {
    const runner = runnerFor(t, async () => {});
    const now = new Date().toISOString();
    const base = {
      school_id: null,
      run_at: now,
      attempts: 0,
      locked_until: null,
      last_error: null,
      created_at: now,
    };
    const unknown = randomUUID();
    const unreadable = randomUUID();
    await t.ctx.database.db
      .insertInto('job')
      .values([
        { ...base, id: unknown, kind: 'sms.send', payload: '{}' },
        { ...base, id: unreadable, kind: 'email.send', payload: '{ikke json' },
      ])
      .execute();
    expect(await runner.runDue()).toBe(2);
    expect((await jobRow(t, unknown))?.last_error).toContain('sms.send');
    expect((await jobRow(t, unreadable))?.attempts).toBe(1);
    await t.ctx.database.db.deleteFrom('job').where('id', 'in', [unknown, unreadable]).execute();
  });

  it('leaves a job another instance holds, and takes it once that lease has run out', async () => {
    const seen: string[] = [];
    const runner = runnerFor(t, async (payload) => {
      seen.push(payload.to);
    });
    const id = await enqueueJob(t.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: mail('d'),
    });
    await t.ctx.database.db
      .updateTable('job')
      .set({ locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await runner.runDue()).toBe(0);
    // The instance that held it died: its lease ends and the job is free.
    await t.ctx.database.db
      .updateTable('job')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual(['d']);
  });

  it('runs at once when kicked, and one run at a time', async () => {
    let active = 0;
    let most = 0;
    let done!: () => void;
    const allDone = new Promise<void>((resolve) => (done = resolve));
    let count = 0;
    const runner = runnerFor(
      t,
      async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setImmediate(resolve));
        active -= 1;
        count += 1;
        if (count === 6) done();
      },
      { concurrency: 2 },
    );
    await enqueueJobs(
      t.ctx.database.db,
      Array.from({ length: 6 }, (_, i) => ({
        schoolId: null,
        kind: 'email.send' as const,
        payload: mail(`k${i}`),
      })),
    );
    runner.kick();
    runner.kick();
    const asked = runner.runDue();
    await allDone;
    await asked;
    expect(count).toBe(6);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('waits for the handlers under way when stopped, and runs nothing after', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    const runner = runnerFor(t, async () => {
      started();
      await gate;
      finished = true;
    });
    const id = await enqueueJob(t.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: mail('e'),
    });
    const run = runner.runDue();
    await running;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(await run).toBe(1);
    expect(await jobRow(t, id)).toBeUndefined();

    await enqueueJob(t.ctx.database.db, { schoolId: null, kind: 'email.send', payload: mail('f') });
    expect(await runner.runDue()).toBe(0);
    await t.ctx.database.db.deleteFrom('job').execute();
  });

  it('removes jobs that gave up a month ago', async () => {
    const old = new Date(Date.now() - 31 * 24 * 3_600_000).toISOString();
    const recent = new Date(Date.now() - 24 * 3_600_000).toISOString();
    const dead = { school_id: null, kind: 'email.send', payload: '{}', run_at: '9999-12-31T23:59:59.999Z' };
    await t.ctx.database.db
      .insertInto('job')
      .values([
        {
          ...dead,
          id: 'gammel',
          attempts: MAX_ATTEMPTS,
          locked_until: null,
          last_error: 'x',
          created_at: old,
        },
        {
          ...dead,
          id: 'ny',
          attempts: MAX_ATTEMPTS,
          locked_until: null,
          last_error: 'x',
          created_at: recent,
        },
      ])
      .execute();
    // A fresh runner does its housekeeping on its first run.
    await runnerFor(t, async () => {}).runDue();
    const ids = (await t.ctx.database.db.selectFrom('job').select('id').execute()).map((row) => row.id);
    expect(ids).toEqual(['ny']);
    await t.ctx.database.db.deleteFrom('job').execute();
  });
});

describe.each(dialects())('jobs across a restart on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: TestSmtp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await database.drop();
  });

  it('runs, in a new instance, the jobs that fell due while none was running', async () => {
    const first = await createTestAppOn(database, dialect, QUIET);
    await first.ctx.jobs.runDue();
    await enqueueJob(first.ctx.database.db, {
      schoolId: null,
      kind: 'email.send',
      payload: { to: 'etter-omstart@fjordtun.no', subject: 'Etter omstart', text: 'Hei' },
      runAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await first.close();

    // With SMTP configured this time, and its real handlers: it looks at start-up.
    const second = await createTestAppOn(database, dialect, { ...QUIET, SMTP_URL: smtp.url });
    try {
      await second.ctx.jobs.runDue();
      const received = await smtp.waitFor((m) => m.to.includes('etter-omstart@fjordtun.no'));
      expect(received.subject).toBe('Etter omstart');
      expect(await second.ctx.database.db.selectFrom('job').selectAll().execute()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
