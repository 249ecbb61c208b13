import { queryOptions, useQuery } from '@tanstack/react-query';
import { FILE_UPLOAD_PATH } from '@tun/shared/files';
import {
  isOwnStorageKey,
  isOwnUploadUrl,
  unfinishedUploadsOf,
  type UnfinishedUpload,
} from '../model/unfinished-uploads';
import { filesQueryKey } from './get-file-list';

export interface UnfinishedUploadStatus extends UnfinishedUpload {
  /** Bytes the server holds; null when it could not be asked (offline). */
  offset: number | null;
}

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' };

function hasOwnStoredUploads(userId: string): boolean {
  try {
    return Object.keys(localStorage).some((key) => isOwnStorageKey(userId, key));
  } catch {
    // Storage blocked: tus-js-client cannot keep uploads there either.
    return false;
  }
}

async function urlStorage() {
  const tus = await import('tus-js-client');
  return { storage: tus.defaultOptions.urlStorage, Upload: tus.Upload };
}

/**
 * Resumable uploads an earlier visit left unfinished (tus keeps their URLs in localStorage), with
 * how far each got, from the server's HEAD (Upload-Offset). One the server no longer knows (it
 * expired, or was finished or deleted elsewhere) is forgotten.
 */
export async function getUnfinishedUploads(userId: string): Promise<UnfinishedUploadStatus[]> {
  // Most visits have none: then tus-js-client need not be loaded at all.
  if (!hasOwnStoredUploads(userId)) return [];
  const { storage } = await urlStorage();
  const origin = window.location.origin;
  const stored = unfinishedUploadsOf(userId, await storage.findAllUploads());
  const statuses = await Promise.all(
    stored.map(async (upload): Promise<UnfinishedUploadStatus | null> => {
      if (!isOwnUploadUrl(upload.uploadUrl, origin, FILE_UPLOAD_PATH)) {
        await storage.removeUpload(upload.urlStorageKey);
        return null;
      }
      try {
        const response = await fetch(upload.uploadUrl, {
          method: 'HEAD',
          headers: TUS_HEADERS,
          credentials: 'same-origin',
        });
        if (response.status === 404 || response.status === 410 || response.status === 403) {
          await storage.removeUpload(upload.urlStorageKey);
          return null;
        }
        const offset = Number.parseInt(response.headers.get('Upload-Offset') ?? '', 10);
        return { ...upload, offset: response.ok && !Number.isNaN(offset) ? offset : null };
      } catch {
        return { ...upload, offset: null };
      }
    }),
  );
  return statuses.filter((status): status is UnfinishedUploadStatus => status !== null);
}

/** Deletes an unfinished upload on the server (tus termination) and forgets it here. */
export async function discardUnfinishedUpload(upload: UnfinishedUpload): Promise<void> {
  const { storage, Upload } = await urlStorage();
  try {
    await Upload.terminate(upload.uploadUrl, { retryDelays: [] });
  } catch {
    // Gone already, or the server cannot be reached: it expires there by itself.
  }
  await storage.removeUpload(upload.urlStorageKey);
}

export const unfinishedUploadsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...filesQueryKey, 'unfinished', userId],
    queryFn: () => getUnfinishedUploads(userId),
  });

export function useUnfinishedUploads(userId: string, enabled: boolean) {
  return useQuery({ ...unfinishedUploadsQueryOptions(userId), enabled });
}
