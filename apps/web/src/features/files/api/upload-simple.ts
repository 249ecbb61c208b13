import {
  FILE_SIMPLE_UPLOAD_PATH,
  isRetryableStatus,
  uploadRetryDelays,
  type StorageErrorCode,
  type StoredFile,
} from '@tun/shared/files';
import { isProblem } from '@tun/shared/problem';
import { uploadErrorCode } from '../model/upload-task';

/** An upload that ended without the file stored, with its SPEC §8 storage error code. */
export class UploadFailed extends Error {
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode) {
    super(code);
    this.name = 'UploadFailed';
    this.code = code;
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function problemCode(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    return isProblem(body) ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * SPEC §4: a file up to 256 KB goes as one multipart request (no progress between 0 and 100:
 * fetch reports none for a request body, and there is little to report). Network failures, 5xx,
 * 408 and 429 are tried again with the upload's delays (SPEC §8, §9); an abort rejects with the
 * signal's reason.
 */
export async function uploadSimple(
  file: File,
  folderId: string | null,
  signal: AbortSignal,
): Promise<StoredFile> {
  const delays = uploadRetryDelays();
  for (let attempt = 0; ; attempt += 1) {
    // Fields before the file: the server reads the stream in order and must know the folder first.
    const body = new FormData();
    if (folderId) body.append('folderId', folderId);
    body.append('file', file, file.name);
    let status = 0;
    let code: string | undefined;
    try {
      const response = await fetch(`${FILE_SIMPLE_UPLOAD_PATH}`, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json, application/problem+json' },
        signal,
      });
      if (response.ok) return (await response.json()) as StoredFile;
      status = response.status;
      code = await problemCode(response);
    } catch (error) {
      if (signal.aborted) throw error;
      // No answer: the network, which is worth another try.
    }
    const delay = delays[attempt];
    if ((status !== 0 && !isRetryableStatus(status)) || delay === undefined) {
      throw new UploadFailed(uploadErrorCode(status, code));
    }
    await wait(delay, signal);
  }
}
