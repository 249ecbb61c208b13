import { UPLOAD_TASK_STATES, type UploadTaskState } from '@tun/shared/files';
import { describe, expect, it } from 'vitest';
import {
  createUploadTask,
  isBusy,
  methodFor,
  transition,
  uploadActions,
  uploadErrorCode,
  uploadPercent,
  uploadSpeed,
  type UploadEvent,
  type UploadTask,
} from './upload-task';

const MB = 1024 * 1024;

function task(overrides: Partial<UploadTask> = {}): UploadTask {
  return {
    ...createUploadTask({ id: 't1', name: 'film.mp4', size: 50 * MB, folderId: null, method: 'resumable' }),
    ...overrides,
  };
}

function run(start: UploadTask, ...events: UploadEvent[]): UploadTask {
  return events.reduce(transition, start);
}

const started = () => transition(task(), { type: 'started', at: 0 });

describe('upload task states (SPEC §4)', () => {
  it('starts running, waiting for its slot', () => {
    const fresh = task();
    expect(fresh.state).toBe('running');
    expect(fresh.started).toBe(false);
    expect(fresh.bytesSent).toBe(0);
  });

  it('chooses one multipart request up to 256 KB and tus above', () => {
    expect(methodFor(256 * 1024, 256 * 1024)).toBe('simple');
    expect(methodFor(256 * 1024 + 1, 256 * 1024)).toBe('resumable');
  });

  it('runs, pauses through pausing, resumes and succeeds', () => {
    let t = run(
      started(),
      { type: 'progress', bytes: MB, at: 100 },
      { type: 'confirmed', bytes: MB, at: 100 },
    );
    t = run(t, { type: 'progress', bytes: 2 * MB, at: 200 });
    expect(t.bytesSent).toBe(2 * MB);
    t = transition(t, { type: 'pause' });
    expect(t.state).toBe('pausing');
    // A progress report that arrives while the request is being stopped is not news.
    expect(transition(t, { type: 'progress', bytes: 3 * MB, at: 250 })).toBe(t);
    t = transition(t, { type: 'paused' });
    expect(t.state).toBe('paused');
    // What was on the way is lost; the server's offset is what resuming goes on from.
    expect(t.bytesSent).toBe(MB);
    t = transition(t, { type: 'resume', at: 300 });
    expect(t.state).toBe('running');
    t = transition(t, { type: 'succeeded', fileId: 'f1' });
    expect(t).toMatchObject({ state: 'success', bytesSent: 50 * MB, fileId: 'f1' });
  });

  it('cancels from running, paused and error through canceling', () => {
    for (const from of [
      started(),
      run(started(), { type: 'pause' }, { type: 'paused' }),
      run(started(), { type: 'failed', code: 'unknown' }),
    ]) {
      const canceling = transition(from, { type: 'cancel' });
      expect(canceling.state).toBe('canceling');
      expect(transition(canceling, { type: 'canceled' }).state).toBe('canceled');
    }
  });

  it('keeps a success that lands while a pause or cancel is on its way', () => {
    expect(run(started(), { type: 'pause' }, { type: 'succeeded', fileId: null }).state).toBe('success');
    expect(run(started(), { type: 'cancel' }, { type: 'succeeded', fileId: null }).state).toBe('success');
  });

  it('fails with a storage error code and retries from what the server has', () => {
    let t = run(
      started(),
      { type: 'confirmed', bytes: 3 * MB, at: 10 },
      { type: 'progress', bytes: 5 * MB, at: 20 },
    );
    t = transition(t, { type: 'failed', code: 'quota-exceeded' });
    expect(t).toMatchObject({ state: 'error', error: 'quota-exceeded' });
    t = transition(t, { type: 'retry', at: 30 });
    expect(t).toMatchObject({ state: 'running', error: null, bytesSent: 3 * MB });
  });

  it('does not pause a small file sent in one request', () => {
    const small = transition(task({ method: 'simple', size: 1000 }), { type: 'started', at: 0 });
    expect(transition(small, { type: 'pause' })).toBe(small);
    expect(uploadActions(small)).toMatchObject({ pause: false, cancel: true });
  });

  it('pauses a task still waiting for its slot at once', () => {
    expect(transition(task(), { type: 'pause' }).state).toBe('paused');
  });

  it('takes a resumed upload’s offset as progress', () => {
    const t = transition(started(), { type: 'confirmed', bytes: 20 * MB, at: 5 });
    expect(t.bytesSent).toBe(20 * MB);
    expect(uploadPercent(t)).toBe(40);
    // Those bytes went before: they are no speed of this tab's.
    expect(uploadSpeed(t)).toBeNull();
    expect(uploadSpeed(transition(t, { type: 'progress', bytes: 21 * MB, at: 1005 }))).toBe(MB);
  });

  it('ignores events that do not apply: final states stay final', () => {
    const done = run(started(), { type: 'succeeded', fileId: null });
    const canceled = run(started(), { type: 'cancel' }, { type: 'canceled' });
    const events: UploadEvent[] = [
      { type: 'started', at: 0 },
      { type: 'progress', bytes: 1, at: 1 },
      { type: 'confirmed', bytes: 1, at: 1 },
      { type: 'pause' },
      { type: 'paused' },
      { type: 'resume', at: 1 },
      { type: 'cancel' },
      { type: 'canceled' },
      { type: 'succeeded', fileId: 'x' },
      { type: 'failed', code: 'unknown' },
      { type: 'retry', at: 1 },
    ];
    for (const final of [done, canceled]) {
      for (const event of events) expect(transition(final, event)).toBe(final);
    }
  });

  it('reaches every SPEC state, and only those', () => {
    const reached = new Set<UploadTaskState>();
    const all: UploadEvent[] = [
      { type: 'started', at: 0 },
      { type: 'progress', bytes: 1, at: 1 },
      { type: 'pause' },
      { type: 'paused' },
      { type: 'resume', at: 2 },
      { type: 'cancel' },
      { type: 'canceled' },
      { type: 'succeeded', fileId: null },
      { type: 'failed', code: 'unknown' },
      { type: 'retry', at: 3 },
    ];
    // Breadth-first over every sequence of events up to five long.
    let frontier = [task()];
    for (let depth = 0; depth < 5; depth += 1) {
      const next: UploadTask[] = [];
      for (const t of frontier) {
        reached.add(t.state);
        for (const event of all) {
          const after = transition(t, event);
          if (after !== t) next.push(after);
        }
      }
      frontier = next;
    }
    expect([...reached].sort()).toEqual([...UPLOAD_TASK_STATES].sort());
  });
});

describe('what the user may do with a task', () => {
  it('offers per state', () => {
    expect(uploadActions(started())).toEqual({
      pause: true,
      resume: false,
      cancel: true,
      retry: false,
      dismiss: false,
    });
    expect(uploadActions(run(started(), { type: 'pause' }))).toMatchObject({
      pause: false,
      resume: false,
      cancel: true,
    });
    expect(uploadActions(run(started(), { type: 'pause' }, { type: 'paused' }))).toMatchObject({
      resume: true,
      cancel: true,
    });
    expect(uploadActions(run(started(), { type: 'failed', code: 'unknown' }))).toMatchObject({
      retry: true,
      dismiss: true,
    });
    expect(uploadActions(run(started(), { type: 'succeeded', fileId: null }))).toEqual({
      pause: false,
      resume: false,
      cancel: false,
      retry: false,
      dismiss: true,
    });
    expect(isBusy(run(started(), { type: 'cancel' }))).toBe(true);
    expect(isBusy(run(started(), { type: 'pause' }, { type: 'paused' }))).toBe(false);
  });
});

describe('speed and per cent', () => {
  it('measures bytes per second over the recent samples', () => {
    const t = run(
      started(),
      { type: 'progress', bytes: 2 * MB, at: 1000 },
      { type: 'progress', bytes: 4 * MB, at: 2000 },
    );
    expect(uploadSpeed(t)).toBe(2 * MB);
  });

  it('forgets samples older than the window', () => {
    const t = run(
      started(),
      { type: 'progress', bytes: 1 * MB, at: 1000 },
      { type: 'progress', bytes: 2 * MB, at: 10_000 },
      { type: 'progress', bytes: 3 * MB, at: 11_000 },
    );
    expect(t.samples.map((s) => s.at)).toEqual([10_000, 11_000]);
    expect(uploadSpeed(t)).toBe(MB);
  });

  it('has no speed before two samples or when not running', () => {
    expect(uploadSpeed(task())).toBeNull();
    expect(uploadSpeed(run(started(), { type: 'pause' }, { type: 'paused' }))).toBeNull();
  });

  it('never says 100 % before the server has the file', () => {
    const t = run(started(), { type: 'progress', bytes: 50 * MB, at: 1 });
    expect(uploadPercent(t)).toBe(99);
    expect(uploadPercent(transition(t, { type: 'succeeded', fileId: null }))).toBe(100);
    expect(uploadPercent(task({ size: 0 }))).toBe(0);
  });
});

describe('upload error codes (SPEC §8)', () => {
  it('maps statuses, lets the problem code win, and ends retried failures in retry-limit-exceeded', () => {
    expect(uploadErrorCode(401)).toBe('unauthenticated');
    expect(uploadErrorCode(402)).toBe('quota-exceeded');
    expect(uploadErrorCode(403)).toBe('unauthorized');
    expect(uploadErrorCode(404)).toBe('object-not-found');
    expect(uploadErrorCode(413, 'file-too-large')).toBe('file-too-large');
    expect(uploadErrorCode(415, 'file-type-refused')).toBe('file-type-refused');
    expect(uploadErrorCode(400, 'validation-failed')).toBe('unknown');
    for (const status of [0, 408, 429, 500, 503])
      expect(uploadErrorCode(status)).toBe('retry-limit-exceeded');
  });
});
