/**
 * One file being uploaded, as a pure state machine (SPEC §4 file upload task states): running,
 * paused, success, canceled and error, with the passing states pausing and canceling. The
 * upload store (components/use-uploads.ts) feeds it what the network does and what the user
 * asks; the panel renders what it says. Nothing here touches the network or React.
 */
import {
  isRetryableStatus,
  storageErrorCode,
  type StorageErrorCode,
  type UploadTaskState,
} from '@tun/shared/files';

/** SPEC §4: files up to 256 KB go as one multipart request, larger ones resumable (tus). */
export type UploadMethod = 'simple' | 'resumable';

export interface ProgressSample {
  /** Milliseconds, from any steady clock. */
  at: number;
  bytes: number;
}

export interface UploadTask {
  /** This tab's id for the task; not the stored file's id. */
  id: string;
  name: string;
  size: number;
  folderId: string | null;
  method: UploadMethod;
  state: UploadTaskState;
  /**
   * False while the task waits for a free slot: a running task (SPEC §4) that has not sent a
   * byte yet, because only a few uploads go at once.
   */
  started: boolean;
  /** What the browser says it has sent; may run ahead of what the server has kept. */
  bytesSent: number;
  /** What the server has confirmed keeping: where a resumed upload goes on from. */
  bytesConfirmed: number;
  /** Recent progress, for the speed. */
  samples: readonly ProgressSample[];
  error: StorageErrorCode | null;
  /** The stored file, once the upload is done (when the server names it). */
  fileId: string | null;
}

export type UploadEvent =
  /** The task got a slot and its first request is on its way. */
  | { type: 'started'; at: number }
  | { type: 'progress'; bytes: number; at: number }
  /** The server holds this many bytes (a chunk was accepted, or a resumed upload's offset). */
  | { type: 'confirmed'; bytes: number; at: number }
  | { type: 'pause' }
  | { type: 'paused' }
  | { type: 'resume'; at: number }
  | { type: 'cancel' }
  | { type: 'canceled' }
  | { type: 'succeeded'; fileId: string | null }
  | { type: 'failed'; code: StorageErrorCode }
  | { type: 'retry'; at: number };

/** How far back the speed looks: long enough to smooth chunk bursts, short enough to follow changes. */
export const SPEED_WINDOW_MS = 5_000;

export function methodFor(size: number, simpleMaxBytes: number): UploadMethod {
  return size <= simpleMaxBytes ? 'simple' : 'resumable';
}

export function createUploadTask(input: {
  id: string;
  name: string;
  size: number;
  folderId: string | null;
  method: UploadMethod;
}): UploadTask {
  return {
    ...input,
    state: 'running',
    started: false,
    bytesSent: 0,
    bytesConfirmed: 0,
    samples: [],
    error: null,
    fileId: null,
  };
}

function withSample(task: UploadTask, bytes: number, at: number): UploadTask {
  const samples = [...task.samples, { at, bytes }].filter((sample) => sample.at >= at - SPEED_WINDOW_MS);
  return { ...task, bytesSent: Math.min(bytes, task.size), samples };
}

/**
 * The task after an event, or the same object when the event does not apply in its state (a
 * late progress report after a pause, a second click on cancel). Callers compare by identity to
 * know whether anything changed.
 */
export function transition(task: UploadTask, event: UploadEvent): UploadTask {
  const { state } = task;
  switch (event.type) {
    case 'started':
      if (state !== 'running' || task.started) return task;
      return { ...task, started: true, samples: [{ at: event.at, bytes: task.bytesSent }] };
    case 'progress':
      if (state !== 'running' || !task.started) return task;
      return withSample(task, event.bytes, event.at);
    case 'confirmed': {
      if (state !== 'running' && state !== 'pausing') return task;
      const bytes = Math.min(event.bytes, task.size);
      const confirmed = { ...task, bytesConfirmed: bytes };
      if (state !== 'running' || bytes <= task.bytesSent) return confirmed;
      // A resumed upload's offset, ahead of what this tab sent: those bytes went before a
      // reload, so the bar jumps there but the speed starts counting from here.
      return { ...confirmed, bytesSent: bytes, samples: [{ at: event.at, bytes }] };
    }
    case 'pause':
      // One multipart request cannot stop half-way and go on later, so small files only cancel.
      if (state !== 'running' || task.method !== 'resumable') return task;
      // A task still waiting for its slot has nothing to stop.
      return task.started ? { ...task, state: 'pausing' } : { ...task, state: 'paused', samples: [] };
    case 'paused':
      if (state !== 'pausing') return task;
      // What was on the way when the request was stopped is lost; resuming starts at the
      // server's offset, so that is what the bar shows.
      return { ...task, state: 'paused', bytesSent: task.bytesConfirmed, samples: [] };
    case 'resume':
      if (state !== 'paused') return task;
      return {
        ...task,
        state: 'running',
        samples: task.started ? [{ at: event.at, bytes: task.bytesSent }] : [],
      };
    case 'retry':
      if (state !== 'error') return task;
      return {
        ...task,
        state: 'running',
        error: null,
        bytesSent: task.method === 'resumable' ? task.bytesConfirmed : 0,
        samples: [{ at: event.at, bytes: task.bytesConfirmed }],
      };
    case 'cancel':
      if (state !== 'running' && state !== 'pausing' && state !== 'paused' && state !== 'error') return task;
      return { ...task, state: 'canceling', samples: [] };
    case 'canceled':
      if (state !== 'canceling') return task;
      return { ...task, state: 'canceled', samples: [] };
    case 'succeeded':
      // The last bytes can land while a pause or a cancel is on its way: the file is stored then,
      // and saying otherwise would hide a file the list shows.
      if (state !== 'running' && state !== 'pausing' && state !== 'canceling') return task;
      return {
        ...task,
        state: 'success',
        bytesSent: task.size,
        bytesConfirmed: task.size,
        samples: [],
        fileId: event.fileId,
      };
    case 'failed':
      if (state !== 'running') return task;
      return { ...task, state: 'error', error: event.code, samples: [] };
  }
}

export interface UploadActions {
  pause: boolean;
  resume: boolean;
  cancel: boolean;
  retry: boolean;
  /** Take a finished task off the list. */
  dismiss: boolean;
}

export function uploadActions(task: UploadTask): UploadActions {
  const { state } = task;
  return {
    pause: state === 'running' && task.method === 'resumable',
    resume: state === 'paused',
    cancel: state === 'running' || state === 'pausing' || state === 'paused' || state === 'error',
    retry: state === 'error',
    dismiss: state === 'success' || state === 'canceled' || state === 'error',
  };
}

/** States in which the network is (or is about to be) busy for the task. */
export function isBusy(task: UploadTask): boolean {
  return task.state === 'running' || task.state === 'pausing' || task.state === 'canceling';
}

/** Bytes per second over the recent window; null until there are two samples to compare. */
export function uploadSpeed(task: UploadTask): number | null {
  if (task.state !== 'running') return null;
  const first = task.samples[0];
  const last = task.samples.at(-1);
  if (!first || !last || last.at <= first.at) return null;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
}

/** Whole per cent, never 100 before the server has said the file is stored. */
export function uploadPercent(task: UploadTask): number {
  if (task.state === 'success') return 100;
  if (task.size === 0) return 0;
  return Math.min(99, Math.floor((task.bytesSent / task.size) * 100));
}

/**
 * SPEC §8 for an upload that failed: a problem's own code wins, the HTTP status maps the rest,
 * and a failure that was retried until the retry time ran out (no answer, 5xx, 408, 429) is
 * retry-limit-exceeded.
 */
export function uploadErrorCode(status: number, problemCode?: string): StorageErrorCode {
  if (status === 0 || isRetryableStatus(status)) return 'retry-limit-exceeded';
  return storageErrorCode(status, problemCode);
}
