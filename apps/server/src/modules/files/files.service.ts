/**
 * The file archive's folders and files: listing, usage, rename, move and delete
 * (docs/decisions/020-files.md). Uploads are in uploads.service.ts.
 *
 * A file's bytes are removed from the store only after the transaction that deleted its row has
 * committed: a rolled-back delete must not leave a row whose bytes are gone. A failure to remove
 * them then is logged; the row is gone either way.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  fileEntryPoliciesOf,
  mayShowInline,
  FOLDER_DEPTH_MAX,
  shortFullName,
  type FileChange,
  type FileList,
  type FileListQuery,
  type FileUsage,
  type Folder,
  type FolderChange,
  type FolderInput,
  type Principal,
  type StoredFile,
} from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { nowIso } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { ObjectNotFoundError, type ByteRange } from '../../storage/file-storage';
import { recordAudits, type AuditEntry } from '../audit/audit.service';
import { etagOf, type Downloadable } from './download';
import { FolderTree } from './folder-tree';
import {
  bytesUsed,
  deleteFileRow,
  deleteFilesInFolders,
  deleteFolders,
  deleteUploads,
  fileCountsByFolder,
  fileIdsAmong,
  filesInFolders,
  findFile,
  findFileNamed,
  findFolderNamed,
  insertFolder,
  listFilesPage,
  listFolders,
  lockArchive,
  SORT_COLUMNS,
  sortValues,
  updateFileMetadata,
  updateFolder,
  uploadsInFolders,
  type FileRow,
  type FolderRow,
  type SortValue,
} from './files.repository';
import { nameKey, splitExtension } from './names';
import { decodePageToken, encodePageToken, type Listing } from './page-token';
import { thumbnailKey } from './stored-objects';

/** Who is asking: the school they act in, and what the answers say they may do. */
export type Actor = Principal & { schoolId: string };

type Deps = Pick<AppContext, 'database' | 'live' | 'storage' | 'log'>;

// ── Presenting ──────────────────────────────────────────────────────────────────────────────

function joinPath(folderPath: string, name: string): string {
  return folderPath ? `${folderPath}/${name}` : name;
}

function parseMetadata(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, string>;
  } catch {
    // Written by us as JSON; an unreadable value shows as none rather than failing the listing.
  }
  return {};
}

export function presentFile(row: FileRow, schoolId: string, tree: FolderTree, actor: Actor): StoredFile {
  return {
    id: row.id,
    folderId: row.folder_id,
    bucket: schoolId,
    generation: row.generation,
    metageneration: String(row.metageneration),
    fullPath: joinPath(tree.path(row.folder_id), row.name),
    name: row.name,
    size: row.size,
    timeCreated: row.created_at,
    updated: row.updated_at,
    md5Hash: row.md5_hash,
    // SPEC §3 names these; nothing sets them, so they are absent as a storage service says it.
    cacheControl: null,
    contentDisposition: null,
    contentEncoding: null,
    contentLanguage: null,
    contentType: row.content_type,
    customMetadata: parseMetadata(row.custom_metadata),
    uploadedBy:
      row.uploaded_by !== null && row.uploader
        ? {
            id: row.uploaded_by,
            name: shortFullName({
              first: row.uploader.first_name,
              middle: row.uploader.middle_name,
              last: row.uploader.last_name,
            }),
          }
        : null,
    hasThumbnail: row.has_thumbnail === 1,
    policies: fileEntryPoliciesOf(actor),
  };
}

function presentFolder(
  row: FolderRow,
  tree: FolderTree,
  fileCounts: ReadonlyMap<string, number>,
  actor: Actor,
): Folder {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    fullPath: tree.path(row.id),
    timeCreated: row.created_at,
    updated: row.updated_at,
    fileCount: fileCounts.get(row.id) ?? 0,
    folderCount: tree.children(row.id).length,
    policies: fileEntryPoliciesOf(actor),
  };
}

async function loadTree(db: Queryable, schoolId: string): Promise<FolderTree> {
  return new FolderTree(await listFolders(db, schoolId));
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

function invalidPageToken(): ProblemError {
  return new ProblemError('validation-failed', undefined, [
    {
      path: 'querystring.pageToken',
      code: 'invalid',
      message: 'Sidemerket hører ikke til denne listen. Last listen på nytt.',
    },
  ]);
}

/** Values of a token are the client's to send: each must have its column's type. */
function checkedValues(values: readonly SortValue[], sort: FileListQuery['sort']): SortValue[] {
  const columns = SORT_COLUMNS[sort];
  if (values.length !== columns.length) throw invalidPageToken();
  columns.forEach((column, i) => {
    const value = values[i];
    const ok = column === 'size' ? Number.isSafeInteger(value) : typeof value === 'string';
    if (!ok) throw invalidPageToken();
  });
  return [...values];
}

/**
 * One folder's files (or a search's), a page at a time, with the folder, its ancestors for the
 * breadcrumbs and, on the first page, the folders in it.
 */
export async function listArchive(db: Queryable, actor: Actor, query: FileListQuery): Promise<FileList> {
  const { schoolId } = actor;
  const tree = await loadTree(db, schoolId);
  const search = query.q ? nameKey(query.q) : undefined;
  let folder: FolderRow | null = null;
  // A search covers the whole archive, wherever the user stood when they typed.
  if (search === undefined && query.folderId !== undefined) {
    folder = tree.get(query.folderId) ?? null;
    if (!folder) throw new ProblemError('object-not-found');
  }
  const listing: Listing = { folderId: folder?.id ?? null, search, sort: query.sort, order: query.order };

  let after: SortValue[] | undefined;
  if (query.pageToken !== undefined) {
    const position = decodePageToken(listing, query.pageToken);
    if (!position) throw invalidPageToken();
    if ('values' in position) {
      after = checkedValues(position.values, query.sort);
    } else {
      const last = await findFile(db, schoolId, position.id);
      // The page's last file was deleted and its name was too long to carry: start again.
      if (!last) throw invalidPageToken();
      after = sortValues(last, query.sort);
    }
  }

  const rows = await listFilesPage(db, schoolId, {
    where: search === undefined ? { folderId: listing.folderId } : { search },
    sort: query.sort,
    order: query.order,
    after,
    // One more than asked tells whether there is a next page.
    limit: query.maxResults + 1,
  });
  const items = rows.slice(0, query.maxResults);
  const last = items.at(-1);
  const nextPageToken =
    rows.length > query.maxResults && last
      ? encodePageToken(listing, sortValues(last, query.sort), last.id)
      : null;

  const firstPage = query.pageToken === undefined;
  const folders = search === undefined && firstPage ? tree.children(listing.folderId) : [];
  if (query.sort === 'name' && query.order === 'desc') folders.reverse();
  const ancestors = folder ? tree.ancestors(folder.id) : [];
  const shown = [...(folder ? [folder] : []), ...ancestors, ...folders];
  const counts = await fileCountsByFolder(
    db,
    schoolId,
    shown.map((row) => row.id),
  );
  return {
    folder: folder && presentFolder(folder, tree, counts, actor),
    ancestors: ancestors.map((row) => presentFolder(row, tree, counts, actor)),
    folders: folders.map((row) => presentFolder(row, tree, counts, actor)),
    items: items.map((row) => presentFile(row, schoolId, tree, actor)),
    nextPageToken,
  };
}

/** The ids among `ids` that are not files of the school (a post's attachments name them). */
export async function unknownFiles(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set(await fileIdsAmong(db, schoolId, ids));
  return ids.filter((id) => !known.has(id));
}

export async function getFile(db: Queryable, actor: Actor, fileId: string): Promise<StoredFile> {
  const row = await findFile(db, actor.schoolId, fileId);
  if (!row) throw new ProblemError('object-not-found');
  return presentFile(row, actor.schoolId, await loadTree(db, actor.schoolId), actor);
}

/**
 * A file's bytes (or its preview's) as a download: what the response says about them, and how
 * to open them once the headers are settled. Another school's id is not found.
 */
export async function fileDownload(
  deps: Deps,
  actor: Actor,
  fileId: string,
  options: { inline: boolean; thumbnail: boolean },
): Promise<{ object: Downloadable; open(range?: ByteRange): Promise<Readable> }> {
  const row = await findFile(deps.database.db, actor.schoolId, fileId);
  if (!row) throw new ProblemError('object-not-found');
  const open = async (key: string, range?: ByteRange) => {
    try {
      return await deps.storage.read(key, range);
    } catch (error) {
      if (!(error instanceof ObjectNotFoundError)) throw error;
      // A row without its bytes: someone removed them behind Tun's back.
      deps.log.error({ key }, 'a stored file has no bytes');
      throw new ProblemError('object-not-found');
    }
  };
  if (options.thumbnail) {
    if (row.has_thumbnail !== 1) throw new ProblemError('object-not-found');
    const key = thumbnailKey(row.storage_key);
    const size = await deps.storage.size(key).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw new ProblemError('object-not-found');
      throw error;
    });
    const [stem] = splitExtension(row.name);
    return {
      object: {
        key,
        size,
        contentType: 'image/webp',
        name: `${stem}.webp`,
        etag: etagOf(row.md5_hash, '.thumb'),
        inline: true,
      },
      open: (range) => open(key, range),
    };
  }
  return {
    object: {
      key: row.storage_key,
      size: row.size,
      contentType: row.content_type,
      name: row.name,
      etag: etagOf(row.md5_hash),
      inline: options.inline && mayShowInline(row.content_type),
    },
    open: (range) => open(row.storage_key, range),
  };
}

export async function archiveUsage(
  db: Queryable,
  limits: { quotaBytes: number; sizeLimitBytes: number },
  schoolId: string,
): Promise<FileUsage> {
  const { stored, promised } = await bytesUsed(db, schoolId);
  return { used: stored + promised, quota: limits.quotaBytes, fileSizeLimit: limits.sizeLimitBytes };
}

// ── Changing files ──────────────────────────────────────────────────────────────────────────

function nameTaken(kind: 'file' | 'folder', name: string): ProblemError {
  const what = kind === 'file' ? 'en fil' : 'en mappe';
  return new ProblemError('conflict', undefined, [
    {
      path: 'body.name',
      code: 'name-taken',
      message: `Det finnes allerede ${what} som heter «${name}» her.`,
    },
  ]);
}

function unknownFolder(path: string): ProblemError {
  return new ProblemError('validation-failed', undefined, [
    { path, code: 'unknown-folder', message: 'Mappen finnes ikke.' },
  ]);
}

/** Removes stored objects once their rows are gone; a failure leaves an orphan, which is logged. */
export async function removeObjects(deps: Deps, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.remove(key);
    } catch (error) {
      deps.log.error({ err: error, key }, 'could not remove a stored object; it is left behind');
    }
  }
}

function objectsOf(file: { storage_key: string; has_thumbnail: number }): string[] {
  return file.has_thumbnail === 1 ? [file.storage_key, thumbnailKey(file.storage_key)] : [file.storage_key];
}

/** Rename, move, or both; a name taken in the target folder is refused (409), not numbered. */
export async function changeFile(
  deps: Deps,
  actor: Actor,
  fileId: string,
  change: FileChange,
): Promise<StoredFile> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    await lockArchive(trx, schoolId);
    const row = await findFile(trx, schoolId, fileId);
    if (!row) throw new ProblemError('object-not-found');
    const tree = await loadTree(trx, schoolId);
    const folderId = change.folderId !== undefined ? change.folderId : row.folder_id;
    if (folderId !== null && !tree.get(folderId)) throw unknownFolder('body.folderId');
    const name = change.name ?? row.name;
    const renamed = name !== row.name;
    const moved = folderId !== row.folder_id;
    if (!renamed && !moved) return presentFile(row, schoolId, tree, actor);

    if (await findFileNamed(trx, schoolId, folderId, nameKey(name), fileId)) throw nameTaken('file', name);
    await updateFileMetadata(trx, schoolId, fileId, {
      name,
      name_key: nameKey(name),
      folder_id: folderId,
      updated_at: nowIso(),
    });
    const audits: AuditEntry[] = [];
    const base = { schoolId, actorPersonId: actor.personId, entity: 'file', entityId: fileId };
    if (renamed) audits.push({ ...base, action: 'rename', before: { name: row.name }, after: { name } });
    if (moved) {
      audits.push({
        ...base,
        action: 'move',
        before: { folderId: row.folder_id, path: tree.path(row.folder_id) },
        after: { folderId, path: tree.path(folderId) },
      });
    }
    await recordAudits(trx, audits);
    publish('files', [fileId]);
    const updated = await findFile(trx, schoolId, fileId);
    return presentFile(updated!, schoolId, tree, actor);
  });
}

export async function deleteFile(deps: Deps, actor: Actor, fileId: string): Promise<void> {
  const { schoolId } = actor;
  const removed = await write(deps, schoolId, async (trx, publish) => {
    const row = await findFile(trx, schoolId, fileId);
    if (!row) throw new ProblemError('object-not-found');
    const tree = await loadTree(trx, schoolId);
    await deleteFileRow(trx, schoolId, fileId);
    await recordAudits(trx, [
      {
        schoolId,
        actorPersonId: actor.personId,
        action: 'delete',
        entity: 'file',
        entityId: fileId,
        before: { name: row.name, path: joinPath(tree.path(row.folder_id), row.name), size: row.size },
      },
    ]);
    publish('files', [fileId]);
    return row;
  });
  await removeObjects(deps, objectsOf(removed));
}

// ── Folders ─────────────────────────────────────────────────────────────────────────────────

function tooDeep(): ProblemError {
  return new ProblemError(
    'folder-too-deep',
    `Mapper kan ligge høyst ${FOLDER_DEPTH_MAX} nivåer inni hverandre.`,
  );
}

export async function createFolder(deps: Deps, actor: Actor, input: FolderInput): Promise<Folder> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    await lockArchive(trx, schoolId);
    const tree = await loadTree(trx, schoolId);
    if (input.parentId !== null && !tree.get(input.parentId)) throw unknownFolder('body.parentId');
    if (tree.depth(input.parentId) + 1 > FOLDER_DEPTH_MAX) throw tooDeep();
    if (await findFolderNamed(trx, schoolId, input.parentId, nameKey(input.name))) {
      throw nameTaken('folder', input.name);
    }
    const now = nowIso();
    const row: FolderRow = {
      id: randomUUID(),
      parent_id: input.parentId,
      name: input.name,
      name_key: nameKey(input.name),
      created_at: now,
      updated_at: now,
    };
    await insertFolder(trx, schoolId, row);
    await recordAudits(trx, [
      {
        schoolId,
        actorPersonId: actor.personId,
        action: 'create',
        entity: 'folder',
        entityId: row.id,
        after: { name: row.name, parentId: row.parent_id },
      },
    ]);
    publish('files', [row.id]);
    const after = await loadTree(trx, schoolId);
    return presentFolder(row, after, new Map(), actor);
  });
}

/** Rename, move, or both. A folder cannot go into itself or anything inside it. */
export async function changeFolder(
  deps: Deps,
  actor: Actor,
  folderId: string,
  change: FolderChange,
): Promise<Folder> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    await lockArchive(trx, schoolId);
    const tree = await loadTree(trx, schoolId);
    const folder = tree.get(folderId);
    if (!folder) throw new ProblemError('object-not-found');
    const parentId = change.parentId !== undefined ? change.parentId : folder.parent_id;
    const name = change.name ?? folder.name;
    const moved = parentId !== folder.parent_id;
    const renamed = name !== folder.name;
    if (moved && parentId !== null) {
      if (!tree.get(parentId)) throw unknownFolder('body.parentId');
      if (parentId === folderId || tree.descendants(folderId).some((row) => row.id === parentId)) {
        throw new ProblemError('folder-into-itself');
      }
      if (tree.depth(parentId) + tree.height(folderId) > FOLDER_DEPTH_MAX) throw tooDeep();
    }
    const counts = await fileCountsByFolder(trx, schoolId, [folderId]);
    if (!moved && !renamed) return presentFolder(folder, tree, counts, actor);
    if (await findFolderNamed(trx, schoolId, parentId, nameKey(name), folderId))
      throw nameTaken('folder', name);

    await updateFolder(trx, schoolId, folderId, {
      name,
      name_key: nameKey(name),
      parent_id: parentId,
      updated_at: nowIso(),
    });
    const audits: AuditEntry[] = [];
    const base = { schoolId, actorPersonId: actor.personId, entity: 'folder', entityId: folderId };
    if (renamed) audits.push({ ...base, action: 'rename', before: { name: folder.name }, after: { name } });
    if (moved) {
      audits.push({
        ...base,
        action: 'move',
        before: { parentId: folder.parent_id, path: tree.path(folder.parent_id) },
        after: { parentId, path: tree.path(parentId) },
      });
    }
    await recordAudits(trx, audits);
    publish('files', [folderId]);
    const after = await loadTree(trx, schoolId);
    return presentFolder(after.get(folderId)!, after, counts, actor);
  });
}

/**
 * Deletes a folder. One with files or folders inside is refused (409 folder-not-empty) unless
 * `recursive`: then everything inside goes in the same transaction, and the bytes after it.
 * Uploads still arriving into any of these folders are cancelled with them.
 */
export async function deleteFolder(deps: Deps, actor: Actor, folderId: string, recursive: boolean) {
  const { schoolId } = actor;
  const removed = await write(deps, schoolId, async (trx, publish) => {
    await lockArchive(trx, schoolId);
    const tree = await loadTree(trx, schoolId);
    const folder = tree.get(folderId);
    if (!folder) throw new ProblemError('object-not-found');
    const inside = tree.descendants(folderId);
    const folderIds = [folderId, ...inside.map((row) => row.id)];
    const files = await filesInFolders(trx, schoolId, folderIds);
    if (!recursive && (files.length > 0 || inside.length > 0)) throw new ProblemError('folder-not-empty');
    const uploads = await uploadsInFolders(trx, schoolId, folderIds);

    await deleteUploads(trx, uploads);
    await deleteFilesInFolders(trx, schoolId, folderIds);
    await deleteFolders(trx, schoolId, folderIds);
    const base = { schoolId, actorPersonId: actor.personId, action: 'delete' };
    await recordAudits(trx, [
      {
        ...base,
        entity: 'folder',
        entityId: folderId,
        before: { name: folder.name, path: tree.path(folderId), files: files.length, folders: inside.length },
      },
      ...files.map((file) => ({ ...base, entity: 'file', entityId: file.id, before: { name: file.name } })),
    ]);
    publish('files', [...folderIds, ...files.map((file) => file.id)]);
    return [...files.flatMap(objectsOf), ...uploads];
  });
  await removeObjects(deps, removed);
}
