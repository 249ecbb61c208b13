/**
 * Resumable uploads begun in an earlier visit. tus-js-client keeps, per file fingerprint, the
 * upload's URL in localStorage (`tus::<fingerprint>::<n>`) until the upload is done. Tun's
 * fingerprint starts with the signed-in person's id: on a shared computer, one person's list of
 * unfinished uploads (file names) is not shown to the next, and their file does not resume into
 * another person's upload (which the server would refuse anyway).
 */
import { UPLOAD_METADATA_KEYS } from '@tun/shared/files';

const PREFIX = 'tun-upload';

export interface FileIdentity {
  name: string;
  type: string;
  size: number;
  lastModified: number;
}

/**
 * The same file picked again after a reload gives the same fingerprint: the browser's name, type,
 * size and modification time, as tus-js-client's own, with the person in front. The name comes
 * last, so whatever characters it holds cannot run into the other parts.
 */
export function uploadFingerprint(userId: string, file: FileIdentity): string {
  return [PREFIX, userId, file.size, file.lastModified, file.type, file.name].join('/');
}

/** The URL storage keys that belong to this person. */
export function isOwnStorageKey(userId: string, urlStorageKey: string): boolean {
  return urlStorageKey.startsWith(`tus::${PREFIX}/${userId}/`);
}

/** What tus-js-client keeps per upload (its PreviousUpload). */
export interface StoredUpload {
  urlStorageKey: string;
  uploadUrl: string | null;
  size: number | null;
  metadata: Record<string, string>;
  creationTime: string;
}

export interface UnfinishedUpload {
  urlStorageKey: string;
  uploadUrl: string;
  name: string;
  size: number;
  folderId: string | null;
  createdAt: Date | null;
}

export function unfinishedUploadsOf(userId: string, stored: readonly StoredUpload[]): UnfinishedUpload[] {
  return stored
    .filter((upload) => isOwnStorageKey(userId, upload.urlStorageKey) && upload.uploadUrl)
    .map((upload) => {
      const created = Date.parse(upload.creationTime);
      return {
        urlStorageKey: upload.urlStorageKey,
        uploadUrl: upload.uploadUrl ?? '',
        name: upload.metadata[UPLOAD_METADATA_KEYS.name] ?? '',
        size: upload.size ?? 0,
        folderId: upload.metadata[UPLOAD_METADATA_KEYS.folderId] || null,
        createdAt: Number.isNaN(created) ? null : new Date(created),
      };
    })
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
}

/**
 * Only URLs of Tun's own upload endpoint are asked about: what localStorage holds is not trusted
 * to point anywhere else with the user's cookies.
 */
export function isOwnUploadUrl(uploadUrl: string, origin: string, uploadPath: string): boolean {
  try {
    const url = new URL(uploadUrl, origin);
    return url.origin === origin && url.pathname.startsWith(`${uploadPath}/`);
  } catch {
    return false;
  }
}
