/**
 * The school's file archive (SPEC §2 /app/files, §3 stored file metadata, §4 upload task states,
 * §5 listing limits, §8 storage errors, §9 storage constants). The server and the web app both
 * read their shapes and numbers from here. Decisions: docs/decisions/020-files.md.
 */
import { z } from 'zod';
import { idSchema } from './ids';
import { singleLineText } from './text';

// ── SPEC §4 and §9: how bytes travel ────────────────────────────────────────────────────────

/** Files up to this size go as one multipart request; larger ones use a resumable upload. */
export const FILE_SIMPLE_UPLOAD_MAX_BYTES = 256 * 1024;
/** A resumable upload's first chunk. */
export const FILE_CHUNK_START_BYTES = 256 * 1024;
/** Chunks double after each one sent, up to below 32 MB: 256 KB, 512 KB … 16 MB. */
export const FILE_CHUNK_LIMIT_BYTES = 32 * 1024 * 1024;

/** The chunk after one of `current` bytes: twice as large while that stays below 32 MB. */
export function nextChunkSize(current: number): number {
  const doubled = current * 2;
  return doubled < FILE_CHUNK_LIMIT_BYTES ? doubled : current;
}

/** How long a failing metadata operation (list, rename, delete…) is retried. */
export const FILE_OPERATION_RETRY_MS = 120_000;
/** How long a failing upload is retried before it ends in `retry-limit-exceeded`. */
export const FILE_UPLOAD_RETRY_MS = 600_000;
/** The shortest wait between two tries. */
export const FILE_RETRY_MIN_SLEEP_MS = 1_000;

/**
 * Waits between tries of an upload: from the minimum, doubling, never more than a minute at a
 * time, until they add up to the upload retry time.
 */
export function uploadRetryDelays(): number[] {
  const delays: number[] = [];
  let total = 0;
  let next = FILE_RETRY_MIN_SLEEP_MS;
  while (total + next <= FILE_UPLOAD_RETRY_MS) {
    delays.push(next);
    total += next;
    next = Math.min(next * 2, 60_000);
  }
  return delays;
}

/** HTTP answers worth another try (SPEC §8): server errors, timeouts and rate limits. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** SPEC §4: an upload's task states, with the passing states pausing and canceling. */
export const UPLOAD_TASK_STATES = [
  'running',
  'pausing',
  'paused',
  'success',
  'canceling',
  'canceled',
  'error',
] as const;
export type UploadTaskState = (typeof UPLOAD_TASK_STATES)[number];

// ── SPEC §8: storage errors ─────────────────────────────────────────────────────────────────

export const STORAGE_ERROR_CODES = [
  'unknown',
  'object-not-found',
  'quota-exceeded',
  'unauthenticated',
  'unauthorized',
  'retry-limit-exceeded',
  'canceled',
  'invalid-url',
  'file-too-large',
  'file-type-refused',
] as const;
export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

/** SPEC §8: storage errors map from HTTP 401, 402, 403 and 404; a problem's own code wins. */
export function storageErrorCode(status: number, problemCode?: string): StorageErrorCode {
  if (problemCode && (STORAGE_ERROR_CODES as readonly string[]).includes(problemCode)) {
    return problemCode as StorageErrorCode;
  }
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 402:
      return 'quota-exceeded';
    case 403:
      return 'unauthorized';
    case 404:
      return 'object-not-found';
    case 413:
      return 'file-too-large';
    case 415:
      return 'file-type-refused';
    default:
      return 'unknown';
  }
}

// ── SPEC §5: listing ────────────────────────────────────────────────────────────────────────

export const FILE_LIST_MAX_RESULTS_MIN = 1;
export const FILE_LIST_MAX_RESULTS_MAX = 1000;
export const FILE_LIST_MAX_RESULTS_DEFAULT = 100;
export const FILE_NAME_MAX = 255;
export const FOLDER_NAME_MAX = 100;
/** Folders inside folders: deep enough for any school's archive, and a bound on every walk. */
export const FOLDER_DEPTH_MAX = 20;
export const FILE_SEARCH_MAX = 100;

export const FILE_SORT_KEYS = ['name', 'size', 'updated', 'type'] as const;
export type FileSortKey = (typeof FILE_SORT_KEYS)[number];

/**
 * A file or folder name: one line, no slash (the path separator), not "." or "..", nothing a
 * file system or a download would trip on.
 */
export function entryNameSchema(max: number) {
  return singleLineText()
    .min(1)
    .max(max)
    .refine((name) => !/[/\\]/.test(name) && name !== '.' && name !== '..', {
      message: 'Navnet kan ikke inneholde / eller \\, og kan ikke være «.» eller «..».',
      params: { code: 'entry-name-invalid' },
    });
}

export const fileListQuerySchema = z.object({
  /** The folder to list; absent for the archive's top. */
  folderId: idSchema.optional(),
  /** Search by name in the whole archive instead of listing one folder. */
  q: singleLineText().max(FILE_SEARCH_MAX).optional(),
  sort: z.enum(FILE_SORT_KEYS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  pageToken: z.string().min(1).max(500).optional(),
  maxResults: z.coerce
    .number()
    .int()
    .min(FILE_LIST_MAX_RESULTS_MIN, { message: 'maxResults må være mellom 1 og 1000.' })
    .max(FILE_LIST_MAX_RESULTS_MAX, { message: 'maxResults må være mellom 1 og 1000.' })
    .default(FILE_LIST_MAX_RESULTS_DEFAULT),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

// ── SPEC §3: stored file metadata ───────────────────────────────────────────────────────────

const personRefSchema = z.object({ id: z.string(), name: z.string() });

/** What the user may do with one file or folder (docs/decisions/017-record-policies.md). */
export const fileEntryPoliciesSchema = z.object({ change: z.boolean() });
export type FileEntryPolicies = z.infer<typeof fileEntryPoliciesSchema>;

export const storedFileSchema = z.object({
  id: z.string(),
  folderId: z.string().nullable(),
  /** SPEC §3 names these as a storage service does; the school is the bucket. */
  bucket: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  /** Folder names and the file's name, joined by "/". */
  fullPath: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  timeCreated: z.string(),
  updated: z.string(),
  /** Base64 of the MD5 of the bytes, as storage services give it; also the download's ETag. */
  md5Hash: z.string(),
  cacheControl: z.string().nullable(),
  contentDisposition: z.string().nullable(),
  contentEncoding: z.string().nullable(),
  contentLanguage: z.string().nullable(),
  /** What the bytes are, told by their content (magic bytes), not by the name. */
  contentType: z.string(),
  customMetadata: z.record(z.string(), z.string()),
  uploadedBy: personRefSchema.nullable(),
  /** A small preview exists (images). */
  hasThumbnail: z.boolean(),
  policies: fileEntryPoliciesSchema,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const folderSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  fullPath: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
  /** What is directly inside: the delete dialog asks for confirmation when this is not empty. */
  fileCount: z.number().int().min(0),
  folderCount: z.number().int().min(0),
  policies: fileEntryPoliciesSchema,
});
export type Folder = z.infer<typeof folderSchema>;

export const fileListSchema = z.object({
  /** The folder listed, null at the top or for a search. */
  folder: folderSchema.nullable(),
  /** From the top down to the listed folder's parent, for the breadcrumbs. */
  ancestors: z.array(folderSchema),
  /** Folders directly inside (first page only; none for a search). */
  folders: z.array(folderSchema),
  items: z.array(storedFileSchema),
  nextPageToken: z.string().nullable(),
});
export type FileList = z.infer<typeof fileListSchema>;

export const fileUsageSchema = z.object({
  /** Bytes stored, plus bytes promised by unfinished uploads. */
  used: z.number().int().min(0),
  quota: z.number().int().min(0),
  fileSizeLimit: z.number().int().min(0),
});
export type FileUsage = z.infer<typeof fileUsageSchema>;

export const folderInputSchema = z.object({
  name: entryNameSchema(FOLDER_NAME_MAX),
  parentId: idSchema.nullable().default(null),
});
export type FolderInput = z.infer<typeof folderInputSchema>;

/** Rename, move, or both. */
export const folderChangeSchema = z
  .object({ name: entryNameSchema(FOLDER_NAME_MAX).optional(), parentId: idSchema.nullable().optional() })
  .refine((change) => change.name !== undefined || change.parentId !== undefined, {
    message: 'Oppgi et nytt navn eller en ny mappe.',
  });
export type FolderChange = z.infer<typeof folderChangeSchema>;

export const fileChangeSchema = z
  .object({ name: entryNameSchema(FILE_NAME_MAX).optional(), folderId: idSchema.nullable().optional() })
  .refine((change) => change.name !== undefined || change.folderId !== undefined, {
    message: 'Oppgi et nytt navn eller en ny mappe.',
  });
export type FileChange = z.infer<typeof fileChangeSchema>;

/**
 * tus Upload-Metadata keys a resumable upload carries (values base64 on the wire, as tus says):
 * the file's name, the type the browser claims (a hint only), and the folder (empty for the top).
 */
export const UPLOAD_METADATA_KEYS = { name: 'filename', type: 'filetype', folderId: 'folderId' } as const;

/** Where uploads go: the tus endpoint, and the multipart one for small files. */
export const FILE_UPLOAD_PATH = '/api/v1/files/uploads';
export const FILE_SIMPLE_UPLOAD_PATH = '/api/v1/files';
/** The response header of a finished upload naming the stored file. */
export const UPLOADED_FILE_ID_HEADER = 'Tun-File-Id';

/** Images and PDFs may be shown inline (preview); everything else downloads. */
export const INLINE_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
] as const;
export function mayShowInline(contentType: string): boolean {
  return (INLINE_CONTENT_TYPES as readonly string[]).includes(contentType);
}
