/**
 * Uploads into the file archive (SPEC §4: resumable above 256 KB, one multipart request below;
 * docs/decisions/020-files.md).
 *
 * A resumable upload is a `file_upload` row from its first request to its last byte. The row is
 * written before tus stores anything, inside the transaction that checks the quota, so the quota
 * counts what uploads have promised and two uploads cannot both take the last free space. The
 * row says whose upload it is: only that person may continue, ask about or cancel it.
 *
 * After the last byte, the bytes are checked by their content; a refused type is removed at
 * once (415). Photos are written again without their location, and images get a preview. Then
 * one transaction turns the upload row into a file row. Bytes written for a file whose row then
 * fails to commit are removed again: no object is left that no row names.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_SIMPLE_UPLOAD_MAX_BYTES, type StoredFile } from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudits } from '../audit/audit.service';
import { detectContentType, makeThumbnail, processImage } from './file-content';
import {
  bytesUsed,
  deleteUpload,
  fileNameKeysStartingWith,
  findFile,
  findFolder,
  findUpload,
  insertFile,
  insertUpload,
  listFolders,
  lockArchive,
  uploadsBegunBefore,
  type UploadRow,
} from './files.repository';
import { presentFile, removeObjects, type Actor } from './files.service';
import { FolderTree } from './folder-tree';
import { clashPrefix, freeName, nameKey } from './names';
import { thumbnailKey } from './stored-objects';

type Deps = Pick<AppContext, 'database' | 'live' | 'storage' | 'config' | 'log'>;

/** What content sniffing reads: enough for file-type to tell an Office file by its zip entries. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Images up to this size are read whole to clean and preview them (sharp works on buffers);
 * file-content.ts leaves larger ones as they are anyway, so they are only hashed as a stream.
 */
const IMAGE_WORK_MAX_BYTES = 40 * 1024 * 1024;

/** How often expired uploads are looked for. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface NewUpload {
  name: string;
  /** What the browser said the type is: a hint for sniffing, never trusted. */
  claimedType: string | null;
  folderId: string | null;
  size: number;
  customMetadata: Record<string, string>;
}

function fileTooLarge(limit: number): ProblemError {
  const mb = Math.floor(limit / (1024 * 1024));
  return new ProblemError('file-too-large', `Filer kan være høyst ${mb} MB.`);
}

function folderGone(): ProblemError {
  return new ProblemError('object-not-found', 'Mappen finnes ikke lenger.');
}

/** Refuses what the school's quota cannot hold, counting unfinished uploads at full size. */
async function ensureRoom(db: Queryable, deps: Deps, schoolId: string, size: number): Promise<void> {
  const { stored, promised } = await bytesUsed(db, schoolId);
  if (stored + promised + size > deps.config.files.quotaBytes) throw new ProblemError('quota-exceeded');
}

async function ensureFolder(db: Queryable, schoolId: string, folderId: string | null): Promise<void> {
  if (folderId !== null && !(await findFolder(db, schoolId, folderId))) throw folderGone();
}

/**
 * The first request of a resumable upload: the row that reserves its size, written before tus
 * stores a byte. `id` is the upload's id and its key in the store.
 */
export async function reserveUpload(deps: Deps, actor: Actor, id: string, upload: NewUpload): Promise<void> {
  if (upload.size > deps.config.files.sizeLimitBytes) throw fileTooLarge(deps.config.files.sizeLimitBytes);
  await write(deps, actor.schoolId, async (trx, publish) => {
    await lockArchive(trx, actor.schoolId);
    await ensureFolder(trx, actor.schoolId, upload.folderId);
    await ensureRoom(trx, deps, actor.schoolId, upload.size);
    await insertUpload(trx, {
      id,
      school_id: actor.schoolId,
      folder_id: upload.folderId,
      name: upload.name,
      claimed_type: upload.claimedType,
      size: upload.size,
      custom_metadata: JSON.stringify(upload.customMetadata),
      created_by: actor.personId,
      created_at: nowIso(),
    });
    // The school's usage changed; there is no file to name yet.
    publish('files', []);
  });
}

/**
 * The asker's own unfinished upload. Someone else's, another school's, an expired one and one
 * that is finished all answer the same 404: an upload id tells nobody else anything.
 */
export async function ownUpload(deps: Deps, actor: Actor, id: string): Promise<UploadRow> {
  const row = await findUpload(deps.database.db, actor.schoolId, id);
  if (!row || row.created_by !== actor.personId) throw new ProblemError('object-not-found');
  if (Date.parse(row.created_at) + deps.config.files.uploadExpiryMs < Date.now()) {
    throw new ProblemError('object-not-found', 'Opplastingen er utløpt. Start den på nytt.');
  }
  return row;
}

/** Forgets an upload that tus did not create after all, or that its uploader cancelled. */
export async function dropUpload(deps: Deps, schoolId: string, id: string): Promise<void> {
  await deps.storage.remove(id);
  await write(deps, schoolId, async (trx, publish) => {
    if (await deleteUpload(trx, id)) publish('files', []);
  });
}

// ── From bytes to a file ────────────────────────────────────────────────────────────────────

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function md5Of(stream: Readable): Promise<{ md5: string; size: number }> {
  const hash = createHash('md5');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { md5: hash.digest('base64'), size };
}

const md5OfBuffer = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

/** A file's bytes as they will be stored, and the objects written on the way. */
interface Prepared {
  fileId: string;
  storageKey: string;
  size: number;
  md5: string;
  contentType: string;
  hasThumbnail: boolean;
  /** Objects written here: removed again if the file's row does not commit. */
  written: string[];
  /** Objects the file no longer needs once its row has committed (a photo's original). */
  obsolete: string[];
}

/**
 * Photos are written again without their location and get a preview. Returns the bytes to
 * store (undefined: the original as it is) and the preview.
 */
async function derived(bytes: Buffer, contentType: string) {
  const cleaned = (await processImage(bytes, contentType)) ?? undefined;
  const thumbnail = contentType.startsWith('image/') ? await makeThumbnail(cleaned ?? bytes) : undefined;
  return { cleaned, thumbnail: thumbnail ?? undefined };
}

async function sniff(head: Buffer, claimed: string | null, name: string): Promise<string> {
  const { contentType, refused } = await detectContentType(head, claimed, name);
  if (refused) throw new ProblemError('file-type-refused');
  return contentType;
}

/** Bytes a tus upload left under its id. A refused type is removed before the 415. */
async function prepareStored(storage: FileStorage, upload: UploadRow): Promise<Prepared> {
  const fileId: string = randomUUID();
  const key = upload.id;
  const head =
    upload.size === 0
      ? Buffer.alloc(0)
      : await collect(await storage.read(key, { start: 0, end: Math.min(upload.size, SNIFF_BYTES) - 1 }));
  const contentType = await sniff(head, upload.claimed_type, upload.name);

  if (contentType.startsWith('image/') && upload.size <= IMAGE_WORK_MAX_BYTES) {
    const bytes = await collect(await storage.read(key));
    const { cleaned, thumbnail } = await derived(bytes, contentType);
    const written: string[] = [];
    let storageKey = key;
    const obsolete: string[] = [];
    if (cleaned) {
      // A new key rather than writing over the upload: tus's files beside it describe the
      // original bytes, and its expiry would take a changed size for an unfinished upload.
      storageKey = fileId;
      await storage.put(storageKey, cleaned);
      written.push(storageKey);
      obsolete.push(key);
    }
    if (thumbnail) {
      await storage.put(thumbnailKey(storageKey), thumbnail);
      written.push(thumbnailKey(storageKey));
    }
    const stored = cleaned ?? bytes;
    return {
      fileId,
      storageKey,
      size: stored.length,
      md5: md5OfBuffer(stored),
      contentType,
      hasThumbnail: thumbnail !== undefined,
      written,
      obsolete,
    };
  }
  // Anything else is streamed: a 2 GB video is hashed without being held in memory.
  const { md5, size } = await md5Of(await storage.read(key));
  return { fileId, storageKey: key, size, md5, contentType, hasThumbnail: false, written: [], obsolete: [] };
}

/** Bytes of a small upload, in memory: checked before anything is stored. */
async function prepareSmall(storage: FileStorage, bytes: Buffer, claimed: string | null, name: string) {
  const contentType = await sniff(bytes.subarray(0, SNIFF_BYTES), claimed, name);
  const fileId: string = randomUUID();
  const { cleaned, thumbnail } = contentType.startsWith('image/')
    ? await derived(bytes, contentType)
    : { cleaned: undefined, thumbnail: undefined };
  const stored = cleaned ?? bytes;
  const written: string[] = [fileId];
  await storage.put(fileId, stored);
  try {
    if (thumbnail) {
      await storage.put(thumbnailKey(fileId), thumbnail);
      written.push(thumbnailKey(fileId));
    }
  } catch (error) {
    await storage.remove(fileId);
    throw error;
  }
  return {
    fileId,
    storageKey: fileId,
    size: stored.length,
    md5: md5OfBuffer(stored),
    contentType,
    hasThumbnail: thumbnail !== undefined,
    written,
    obsolete: [],
  } satisfies Prepared;
}

/** A generation as storage services give one: the creation instant in microseconds. */
function generation(): string {
  return `${Date.now()}000`;
}

/** Inserts the file row under a free name («navn (2).pdf» when taken), with its audit. */
async function insertPrepared(
  trx: Queryable,
  actor: Actor,
  prepared: Prepared,
  file: { name: string; folderId: string | null; customMetadata: string },
): Promise<void> {
  const taken = await fileNameKeysStartingWith(trx, actor.schoolId, file.folderId, clashPrefix(file.name));
  const name = freeName(file.name, taken);
  const now = nowIso();
  await insertFile(trx, actor.schoolId, {
    id: prepared.fileId,
    folder_id: file.folderId,
    name,
    name_key: nameKey(name),
    size: prepared.size,
    content_type: prepared.contentType,
    md5_hash: prepared.md5,
    generation: generation(),
    metageneration: 1,
    custom_metadata: file.customMetadata,
    storage_key: prepared.storageKey,
    has_thumbnail: prepared.hasThumbnail ? 1 : 0,
    uploaded_by: actor.personId,
    created_at: now,
    updated_at: now,
  });
  await recordAudits(trx, [
    {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'upload',
      entity: 'file',
      entityId: prepared.fileId,
      after: { name, folderId: file.folderId, size: prepared.size, contentType: prepared.contentType },
    },
  ]);
}

/**
 * The last byte of a resumable upload has arrived: the upload becomes a file. Returns the file's
 * id. A refused type removes the bytes and the upload (415); an upload that was swept or whose
 * folder was deleted while its last bytes arrived is gone (404), its bytes too.
 */
export async function finishUpload(deps: Deps, actor: Actor, uploadId: string): Promise<string> {
  const upload = await findUpload(deps.database.db, actor.schoolId, uploadId);
  if (!upload) {
    await removeObjects(deps, [uploadId]);
    throw new ProblemError('object-not-found');
  }
  let prepared: Prepared;
  try {
    prepared = await prepareStored(deps.storage, upload);
  } catch (error) {
    if (error instanceof ProblemError) await dropUpload(deps, actor.schoolId, uploadId);
    throw error;
  }
  try {
    await write(deps, actor.schoolId, async (trx, publish) => {
      await lockArchive(trx, actor.schoolId);
      // Swept, cancelled or its folder deleted since the bytes were read.
      if (!(await deleteUpload(trx, uploadId))) throw new ProblemError('object-not-found');
      await ensureFolder(trx, actor.schoolId, upload.folder_id);
      await insertPrepared(trx, actor, prepared, {
        name: upload.name,
        folderId: upload.folder_id,
        customMetadata: upload.custom_metadata,
      });
      publish('files', [prepared.fileId]);
    });
  } catch (error) {
    await removeObjects(deps, prepared.written);
    if (error instanceof ProblemError && error.code === 'object-not-found') {
      await removeObjects(deps, [uploadId]);
    }
    throw error;
  }
  await removeObjects(deps, prepared.obsolete);
  return prepared.fileId;
}

/**
 * A file of up to 256 KB in one request (SPEC §4). Everything is checked before a byte is
 * stored: the folder, the quota, the type by content.
 */
export async function uploadSmallFile(
  deps: Deps,
  actor: Actor,
  upload: Omit<NewUpload, 'size'> & { bytes: Buffer },
): Promise<StoredFile> {
  const { schoolId } = actor;
  if (upload.bytes.length > FILE_SIMPLE_UPLOAD_MAX_BYTES) throw smallUploadTooLarge();
  if (upload.bytes.length > deps.config.files.sizeLimitBytes)
    throw fileTooLarge(deps.config.files.sizeLimitBytes);
  await ensureFolder(deps.database.db, schoolId, upload.folderId);
  await ensureRoom(deps.database.db, deps, schoolId, upload.bytes.length);
  const prepared = await prepareSmall(deps.storage, upload.bytes, upload.claimedType, upload.name);
  try {
    return await write(deps, schoolId, async (trx, publish) => {
      await lockArchive(trx, schoolId);
      await ensureFolder(trx, schoolId, upload.folderId);
      // Again under the lock: another upload may have taken the room since.
      await ensureRoom(trx, deps, schoolId, prepared.size);
      await insertPrepared(trx, actor, prepared, {
        name: upload.name,
        folderId: upload.folderId,
        customMetadata: JSON.stringify(upload.customMetadata),
      });
      publish('files', [prepared.fileId]);
      const row = await findFile(trx, schoolId, prepared.fileId);
      return presentFile(row!, schoolId, new FolderTree(await listFolders(trx, schoolId)), actor);
    });
  } catch (error) {
    await removeObjects(deps, prepared.written);
    throw error;
  }
}

export function smallUploadTooLarge(): ProblemError {
  return new ProblemError(
    'file-too-large',
    'Filer over 256 kB lastes opp med gjenopptakbar opplasting (tus), ikke i én forespørsel.',
  );
}

// ── Expiry ──────────────────────────────────────────────────────────────────────────────────

/**
 * Removes unfinished uploads older than the expiry, bytes first and then the row, so that a
 * failure leaves the row for the next sweep rather than bytes nobody knows of. Then the store's
 * own expiry removes unfinished uploads that have no row (a server that stopped between tus
 * creating an upload and forgetting it). Returns how many rows went.
 */
export async function sweepExpiredUploads(deps: Deps, now = Date.now()): Promise<number> {
  const before = new Date(now - deps.config.files.uploadExpiryMs).toISOString();
  const expired = await uploadsBegunBefore(deps.database.db, before);
  for (const upload of expired) await dropUpload(deps, upload.school_id, upload.id);
  await deps.storage.datastore.deleteExpired();
  return expired.length;
}

/**
 * Sweeps on an interval in every instance; the rows are in the database, so whichever instance
 * runs first does the work and the others find nothing. Returns the stop for app close.
 */
export function startUploadSweep(deps: Deps): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepExpiredUploads(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'the sweep of expired uploads failed'))
      .finally(() => {
        running = undefined;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
