import { useQueryClient } from '@tanstack/react-query';
import { FILE_SIMPLE_UPLOAD_MAX_BYTES } from '@tun/shared/files';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../../../entities/session/get-session';
import { filesQueryKey } from '../api/get-file-list';
import { UploadFailed, uploadSimple } from '../api/upload-simple';
import { createResumableUpload, type ResumableUpload } from '../api/upload-resumable';
import {
  createUploadTask,
  isBusy,
  methodFor,
  transition,
  uploadActions,
  type UploadEvent,
  type UploadTask,
} from '../model/upload-task';

/**
 * The tab's uploads. They live outside React, so an upload goes on while the user looks at
 * another page, and the files page finds it again when they come back.
 */

/** Uploads sent at once; the rest wait. Browsers open six connections per server, and the live
 * stream and the page's own requests need some of them. */
const MAX_PARALLEL = 3;

interface Entry {
  task: UploadTask;
  file: File;
  userId: string;
  resumable?: ResumableUpload;
  abort?: AbortController;
  uploadUrl?: string;
}

interface Snapshot {
  tasks: readonly UploadTask[];
  /** tus URLs of this tab's uploads, which the list of unfinished uploads leaves out. */
  uploadUrls: ReadonlySet<string>;
}

let entries: Entry[] = [];
let snapshot: Snapshot = { tasks: [], uploadUrls: new Set() };
const listeners = new Set<() => void>();
/** Refreshes what an upload changes (the list, the usage, unfinished uploads). */
let onStored: () => void = () => undefined;
let nextId = 0;

function emit(): void {
  snapshot = {
    tasks: entries.map((entry) => entry.task),
    uploadUrls: new Set(entries.flatMap((entry) => (entry.uploadUrl ? [entry.uploadUrl] : []))),
  };
  for (const listener of listeners) listener();
}

function dispatch(entry: Entry, event: UploadEvent): void {
  const next = transition(entry.task, event);
  if (next === entry.task) return;
  entry.task = next;
  emit();
  // A task that stopped using the network frees its slot.
  if (!isBusy(next)) schedule();
}

function schedule(): void {
  let busy = entries.filter((entry) => entry.task.started && isBusy(entry.task)).length;
  for (const entry of entries) {
    if (busy >= MAX_PARALLEL) return;
    if (entry.task.state === 'running' && !entry.task.started) {
      busy += 1;
      void send(entry);
    }
  }
}

function sendSimple(entry: Entry): void {
  const abort = new AbortController();
  entry.abort = abort;
  uploadSimple(entry.file, entry.task.folderId, abort.signal).then(
    (stored) => {
      dispatch(entry, { type: 'succeeded', fileId: stored.id });
      onStored();
    },
    (error: unknown) => {
      if (abort.signal.aborted) dispatch(entry, { type: 'canceled' });
      else dispatch(entry, { type: 'failed', code: error instanceof UploadFailed ? error.code : 'unknown' });
    },
  );
}

async function prepareResumable(entry: Entry): Promise<ResumableUpload> {
  const now = () => performance.now();
  const resumable = await createResumableUpload(
    entry.file,
    { folderId: entry.task.folderId, userId: entry.userId },
    {
      onProgress: (bytes) => dispatch(entry, { type: 'progress', bytes, at: now() }),
      onConfirmed: (bytes) => dispatch(entry, { type: 'confirmed', bytes, at: now() }),
      onUploadUrl: (url) => {
        entry.uploadUrl = url;
        emit();
      },
      onSuccess: (fileId) => {
        dispatch(entry, { type: 'succeeded', fileId });
        onStored();
      },
      onError: (code) => dispatch(entry, { type: 'failed', code }),
    },
  );
  if (resumable.resumed) {
    // An upload begun before goes on into the folder it was begun for.
    entry.task = { ...entry.task, folderId: resumable.resumed.metadata.folderId || null };
    entry.uploadUrl = resumable.resumed.uploadUrl ?? undefined;
    emit();
  }
  return resumable;
}

async function send(entry: Entry): Promise<void> {
  dispatch(entry, { type: 'started', at: performance.now() });
  if (entry.task.method === 'simple') {
    sendSimple(entry);
    return;
  }
  try {
    entry.resumable ??= await prepareResumable(entry);
  } catch {
    dispatch(entry, { type: 'failed', code: 'unknown' });
    return;
  }
  // The user may have paused or cancelled while tus-js-client loaded.
  if (entry.task.state === 'canceling') dispatch(entry, { type: 'canceled' });
  else if (entry.task.state === 'pausing') dispatch(entry, { type: 'paused' });
  else if (entry.task.state === 'running') entry.resumable.start();
}

function find(id: string): Entry | undefined {
  return entries.find((entry) => entry.task.id === id);
}

export const uploads = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): Snapshot => snapshot,

  add(files: readonly File[], folderId: string | null, userId: string): void {
    for (const file of files) {
      nextId += 1;
      const task = createUploadTask({
        id: `upload-${nextId}`,
        name: file.name,
        size: file.size,
        folderId,
        method: methodFor(file.size, FILE_SIMPLE_UPLOAD_MAX_BYTES),
      });
      entries.push({ task, file, userId });
    }
    emit();
    schedule();
  },

  async pause(id: string): Promise<void> {
    const entry = find(id);
    if (!entry) return;
    dispatch(entry, { type: 'pause' });
    if (entry.task.state !== 'pausing') return;
    await entry.resumable?.pause();
    dispatch(entry, { type: 'paused' });
  },

  resume(id: string): void {
    const entry = find(id);
    if (!entry) return;
    dispatch(entry, { type: 'resume', at: performance.now() });
    if (entry.task.state !== 'running') return;
    // A task paused before it got a slot waits for one; one paused half-way goes on at once.
    if (entry.task.started && entry.resumable) entry.resumable.start();
    else schedule();
  },

  retry(id: string): void {
    const entry = find(id);
    if (!entry) return;
    dispatch(entry, { type: 'retry', at: performance.now() });
    if (entry.task.state !== 'running') return;
    if (entry.task.method === 'simple') sendSimple(entry);
    else if (entry.resumable) entry.resumable.start();
    else void send(entry);
  },

  async cancel(id: string): Promise<void> {
    const entry = find(id);
    if (!entry) return;
    const requestUnderWay =
      entry.task.method === 'simple' && entry.task.started && entry.task.state === 'running';
    dispatch(entry, { type: 'cancel' });
    if (entry.task.state !== 'canceling') return;
    if (requestUnderWay && entry.abort) {
      // The request's rejection says canceled (or its answer says success, if it was quicker).
      entry.abort.abort();
      return;
    }
    // Deletes what the server holds of a large file; nothing to stop for one still waiting.
    await entry.resumable?.cancel();
    dispatch(entry, { type: 'canceled' });
  },

  dismiss(id: string): void {
    entries = entries.filter((entry) => entry.task.id !== id || !uploadActions(entry.task).dismiss);
    emit();
  },

  dismissFinished(): void {
    entries = entries.filter((entry) => !uploadActions(entry.task).dismiss || entry.task.state === 'error');
    emit();
  },

  /** Whether leaving the page now would stop an upload. */
  busy: (): boolean => entries.some((entry) => isBusy(entry.task)),
};

/** The uploads and what to do with them, bound to the signed-in person and the query cache. */
export function useUploads() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const current = useSyncExternalStore(uploads.subscribe, uploads.snapshot);

  useEffect(() => {
    onStored = () => void queryClient.invalidateQueries({ queryKey: filesQueryKey });
  }, [queryClient]);

  // Leaving while bytes are on their way loses a small file's upload and stops a large one
  // (which can be resumed, but the person may not know that): ask first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (uploads.busy()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const add = useCallback(
    (files: readonly File[], folderId: string | null) => uploads.add(files, folderId, user.id),
    [user.id],
  );

  return useMemo(() => ({ ...current, add }), [current, add]);
}
