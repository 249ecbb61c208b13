import {
  FILE_CHUNK_START_BYTES,
  FILE_UPLOAD_PATH,
  isRetryableStatus,
  nextChunkSize,
  UPLOAD_METADATA_KEYS,
  UPLOADED_FILE_ID_HEADER,
  uploadRetryDelays,
  type StorageErrorCode,
} from '@tun/shared/files';
import { isProblem } from '@tun/shared/problem';
import type { DetailedError, PreviousUpload, Upload } from 'tus-js-client';
import { uploadFingerprint } from '../model/unfinished-uploads';
import { uploadErrorCode } from '../model/upload-task';

export interface ResumableCallbacks {
  /** Bytes the browser has sent so far. */
  onProgress: (bytes: number) => void;
  /** Bytes the server holds: at each (re)start and after each accepted chunk. */
  onConfirmed: (bytes: number) => void;
  onUploadUrl: (url: string) => void;
  onSuccess: (fileId: string | null) => void;
  onError: (code: StorageErrorCode) => void;
}

export interface ResumableUpload {
  /** The upload an earlier visit began, which this one goes on with; null for a new one. */
  resumed: PreviousUpload | null;
  start: () => void;
  pause: () => Promise<void>;
  cancel: () => Promise<void>;
}

/** A cancel does not wait ten minutes for a server that is gone: a few quick tries, then forget it. */
const CANCEL_RETRY_DELAYS = [0, 1_000, 3_000];

function errorCode(error: Error | DetailedError): StorageErrorCode {
  // Not a request that failed (tus-js-client's own checks, a file that could not be read).
  if (!('originalRequest' in error) || !error.originalRequest) return 'unknown';
  const response = error.originalResponse;
  if (!response) return uploadErrorCode(0);
  let code: string | undefined;
  try {
    const body: unknown = JSON.parse(response.getBody());
    if (isProblem(body)) code = body.code;
  } catch {
    // Not problem+json: the status says enough.
  }
  return uploadErrorCode(response.getStatus(), code);
}

/**
 * A file over 256 KB, sent with tus (SPEC §4, §9): chunks from 256 KB doubling below 32 MB,
 * retried on network errors, 5xx, 408 and 429 for up to ten minutes, and resumable after a reload
 * because tus-js-client keeps the upload's URL in localStorage under the file's fingerprint until
 * the upload is done. tus-js-client is loaded only when someone uploads a large file.
 */
export async function createResumableUpload(
  file: File,
  target: { folderId: string | null; userId: string },
  callbacks: ResumableCallbacks,
): Promise<ResumableUpload> {
  const tus = await import('tus-js-client');
  // tus reports the offset it goes on from as the first progress after each start (from its
  // HEAD on a resume, 0 for a new upload), before the chunk's bytes are on their way.
  let offsetPending = true;
  const upload: Upload = new tus.Upload(file, {
    // Absolute, so the Location the server answers with resolves the same way everywhere.
    endpoint: new URL(FILE_UPLOAD_PATH, window.location.origin).href,
    metadata: {
      [UPLOAD_METADATA_KEYS.name]: file.name,
      [UPLOAD_METADATA_KEYS.type]: file.type,
      [UPLOAD_METADATA_KEYS.folderId]: target.folderId ?? '',
    },
    fingerprint: (picked: File) => Promise.resolve(uploadFingerprint(target.userId, picked)),
    chunkSize: FILE_CHUNK_START_BYTES,
    retryDelays: uploadRetryDelays(),
    // SPEC §8: only what may pass is tried again; a refusal (quota, type, size, rights) is final.
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      // 423 is tus's own: the upload is still locked by a chunk that was cut off a moment ago
      // (a pause, a lost connection). Trying again shortly is what the tus protocol expects.
      return status === 0 || status === 423 || isRetryableStatus(status);
    },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onUploadUrlAvailable: () => {
      if (upload.url) callbacks.onUploadUrl(upload.url);
    },
    onProgress: (bytesSent) => {
      if (offsetPending) {
        offsetPending = false;
        callbacks.onConfirmed(bytesSent);
      } else {
        callbacks.onProgress(bytesSent);
      }
    },
    onChunkComplete: (_chunkSize, bytesAccepted) => {
      callbacks.onConfirmed(bytesAccepted);
      // Growing chunks: small first ones show progress (and fail cheaply) on a slow line, large
      // later ones save round trips. tus-js-client 4.3.1 keeps the options object it was given
      // (after merging in its defaults, so it is `upload.options`, not the literal above) and
      // reads `this.options.chunkSize` anew for every PATCH (BaseUpload._addChunkToRequest:
      // `end = this._offset + this.options.chunkSize`). onChunkComplete runs in
      // _handleUploadResponse just before _performUpload sends the next chunk, so the size set
      // here is the next chunk's.
      upload.options.chunkSize = nextChunkSize(upload.options.chunkSize ?? FILE_CHUNK_START_BYTES);
    },
    onSuccess: ({ lastResponse }) =>
      callbacks.onSuccess(lastResponse.getHeader(UPLOADED_FILE_ID_HEADER) ?? null),
    onError: (error) => callbacks.onError(errorCode(error)),
  });

  // The same file picked again after a reload: go on where the server is (its HEAD gives the
  // offset) instead of sending it all again.
  const previous = (await upload.findPreviousUploads())
    .filter((candidate) => candidate.uploadUrl)
    .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
  const resumed = previous[0] ?? null;
  if (resumed) upload.resumeFromPreviousUpload(resumed);

  const forget = async () => {
    const urlStorage = tus.defaultOptions.urlStorage;
    const stored = await upload.findPreviousUploads();
    await Promise.all(
      stored
        .filter((candidate) => candidate.uploadUrl === upload.url)
        .map((candidate) => urlStorage.removeUpload(candidate.urlStorageKey)),
    );
  };

  return {
    resumed,
    start: () => {
      offsetPending = true;
      upload.start();
    },
    pause: () => upload.abort(false),
    cancel: async () => {
      upload.options.retryDelays = CANCEL_RETRY_DELAYS;
      try {
        // Deletes the upload on the server (tus termination) and forgets its URL.
        await upload.abort(true);
      } catch {
        // The server could not be told; at least do not offer to resume it here.
        await forget().catch(() => undefined);
      }
    },
  };
}
