/**
 * Queries of the file archive: folders, stored files and unfinished uploads. Every query is
 * scoped by school; another school's id finds nothing.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { FileSortKey } from '@tun/shared';
import type { Queryable } from '../../db/database';
import type { Selectable } from 'kysely';
import type { DB, FileTable, FileUploadTable, FolderTable } from '../../db/schema';

export type FolderRow = Omit<FolderTable, 'school_id'>;

export interface FileRow extends Omit<Selectable<FileTable>, 'size' | 'school_id'> {
  size: number;
  uploader: { first_name: string; middle_name: string | null; last_name: string } | null;
}

export interface UploadRow extends Omit<Selectable<FileUploadTable>, 'size'> {
  size: number;
}

/**
 * Holds the school's archive for the rest of the transaction: the quota sum and the choice of a
 * free name are read and then written, and two uploads finishing at once must not both fit in
 * the last free megabyte, or both take «navn (2).pdf». A no-op update takes the school's row lock
 * on PostgreSQL; SQLite writes one transaction at a time anyway.
 */
export async function lockArchive(trx: Queryable, schoolId: string): Promise<void> {
  await trx
    .updateTable('school')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', schoolId)
    .execute();
}

// ── Folders ─────────────────────────────────────────────────────────────────────────────────

const FOLDER_COLUMNS = ['id', 'parent_id', 'name', 'name_key', 'created_at', 'updated_at'] as const;

/** Every folder of the school: the tree is walked in memory (paths, depth, descendants). */
export async function listFolders(db: Queryable, schoolId: string): Promise<FolderRow[]> {
  return db.selectFrom('folder').select(FOLDER_COLUMNS).where('school_id', '=', schoolId).execute();
}

export async function findFolder(
  db: Queryable,
  schoolId: string,
  id: string,
): Promise<FolderRow | undefined> {
  return db
    .selectFrom('folder')
    .select(FOLDER_COLUMNS)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A folder in `parentId` with this name key, other than `except`. */
export async function findFolderNamed(
  db: Queryable,
  schoolId: string,
  parentId: string | null,
  nameKey: string,
  except?: string,
): Promise<FolderRow | undefined> {
  let query = db
    .selectFrom('folder')
    .select(FOLDER_COLUMNS)
    .where('school_id', '=', schoolId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .where('name_key', '=', nameKey);
  if (except) query = query.where('id', '!=', except);
  return query.executeTakeFirst();
}

export async function insertFolder(trx: Queryable, schoolId: string, row: FolderRow): Promise<void> {
  await trx
    .insertInto('folder')
    .values({ ...row, school_id: schoolId })
    .execute();
}

export async function updateFolder(
  trx: Queryable,
  schoolId: string,
  id: string,
  change: Pick<FolderRow, 'name' | 'name_key' | 'parent_id' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('folder')
    .set(change)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteFolders(trx: Queryable, schoolId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('folder')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Files directly in each of these folders, keyed by folder id (0s left out). */
export async function fileCountsByFolder(
  db: Queryable,
  schoolId: string,
  folderIds: readonly string[],
): Promise<Map<string, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('file')
    .select(['folder_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('school_id', '=', schoolId)
    .where('folder_id', 'in', [...folderIds])
    .groupBy('folder_id')
    .execute();
  return new Map(rows.map((row) => [row.folder_id ?? '', Number(row.count)]));
}

// ── Files ───────────────────────────────────────────────────────────────────────────────────

function selectFiles(db: Queryable) {
  return db
    .selectFrom('file')
    .leftJoin('person', 'person.id', 'file.uploaded_by')
    .select([
      'file.id',
      'file.folder_id',
      'file.name',
      'file.name_key',
      'file.size',
      'file.content_type',
      'file.md5_hash',
      'file.generation',
      'file.metageneration',
      'file.custom_metadata',
      'file.storage_key',
      'file.has_thumbnail',
      'file.uploaded_by',
      'file.created_at',
      'file.updated_at',
      'person.first_name',
      'person.middle_name',
      'person.last_name',
    ]);
}

type SelectedFile = Awaited<ReturnType<ReturnType<typeof selectFiles>['execute']>>[number];

function toFileRow(row: SelectedFile): FileRow {
  const { first_name, middle_name, last_name, ...file } = row;
  return {
    ...file,
    size: Number(file.size),
    uploader: first_name !== null && last_name !== null ? { first_name, middle_name, last_name } : null,
  };
}

export async function findFile(db: Queryable, schoolId: string, id: string): Promise<FileRow | undefined> {
  const row = await selectFiles(db)
    .where('file.school_id', '=', schoolId)
    .where('file.id', '=', id)
    .executeTakeFirst();
  return row && toFileRow(row);
}

/** The ids among `ids` that are files of the school. */
export async function fileIdsAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('file')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

/** A file in `folderId` with this name key, other than `except`. */
export async function findFileNamed(
  db: Queryable,
  schoolId: string,
  folderId: string | null,
  nameKey: string,
  except?: string,
): Promise<{ id: string; name: string } | undefined> {
  let query = db
    .selectFrom('file')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('folder_id', folderId === null ? 'is' : '=', folderId)
    .where('name_key', '=', nameKey);
  if (except) query = query.where('id', '!=', except);
  return query.executeTakeFirst();
}

/** `like` text for a literal: its wildcards and the escape character escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Name keys in the folder that begin with `prefix`: the candidates a new name could clash with. */
export async function fileNameKeysStartingWith(
  db: Queryable,
  schoolId: string,
  folderId: string | null,
  prefix: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('file')
    .select('name_key')
    .where('school_id', '=', schoolId)
    .where('folder_id', folderId === null ? 'is' : '=', folderId)
    .where(sql<boolean>`name_key like ${`${likeLiteral(prefix)}%`} escape '\\'`)
    .execute();
  return new Set(rows.map((row) => row.name_key));
}

/**
 * The columns a listing is ordered by, last one unique, so that a page ends at an exact place
 * and the next one starts right after it (keyset paging). Within equal sizes, dates or types,
 * files come by name.
 */
export const SORT_COLUMNS = {
  name: ['name_key', 'id'],
  size: ['size', 'name_key', 'id'],
  updated: ['updated_at', 'name_key', 'id'],
  type: ['content_type', 'name_key', 'id'],
} as const satisfies Record<FileSortKey, readonly (keyof FileTable)[]>;

export type SortValue = string | number;

/** The values of the sort columns of a row, in order: a page's last row is where the next starts. */
export function sortValues(row: FileRow, sort: FileSortKey): SortValue[] {
  return SORT_COLUMNS[sort].map((column) => row[column]);
}

export interface FilePageQuery {
  /** List one folder (null: the top), or search by name key in the whole archive. */
  where: { folderId: string | null } | { search: string };
  sort: FileSortKey;
  order: 'asc' | 'desc';
  /** The sort values of the previous page's last row. */
  after?: readonly SortValue[];
  limit: number;
}

/** Rows after `after` in the order asked: (a > x) or (a = x and b > y) or … */
function afterCursor(
  eb: ExpressionBuilder<DB, 'file' | 'person'>,
  columns: readonly (keyof FileTable)[],
  values: readonly SortValue[],
  order: 'asc' | 'desc',
) {
  const past = order === 'asc' ? '>' : '<';
  return eb.or(
    columns.map((column, i) =>
      eb.and([
        ...columns.slice(0, i).map((earlier, j) => eb(`file.${earlier}`, '=', values[j] as never)),
        eb(`file.${column}`, past, values[i] as never),
      ]),
    ),
  );
}

export async function listFilesPage(
  db: Queryable,
  schoolId: string,
  page: FilePageQuery,
): Promise<FileRow[]> {
  const columns = SORT_COLUMNS[page.sort];
  let query = selectFiles(db).where('file.school_id', '=', schoolId);
  if ('search' in page.where) {
    const pattern = `%${likeLiteral(page.where.search)}%`;
    query = query.where(sql<boolean>`file.name_key like ${pattern} escape '\\'`);
  } else {
    const { folderId } = page.where;
    query = query.where('file.folder_id', folderId === null ? 'is' : '=', folderId);
  }
  const after = page.after;
  if (after) query = query.where((eb) => afterCursor(eb, columns, after, page.order));
  for (const column of columns) query = query.orderBy(`file.${column}`, page.order);
  const rows = await query.limit(page.limit).execute();
  return rows.map(toFileRow);
}

export async function insertFile(
  trx: Queryable,
  schoolId: string,
  row: Omit<FileTable, 'school_id' | 'size'> & { size: number },
): Promise<void> {
  await trx
    .insertInto('file')
    .values({ ...row, school_id: schoolId })
    .execute();
}

/** A rename or move: the metadata changes, so its metageneration counts up. */
export async function updateFileMetadata(
  trx: Queryable,
  schoolId: string,
  id: string,
  change: Pick<FileTable, 'name' | 'name_key' | 'folder_id' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('file')
    .set((eb) => ({ ...change, metageneration: eb('metageneration', '+', 1) }))
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteFileRow(trx: Queryable, schoolId: string, id: string): Promise<void> {
  await trx.deleteFrom('file').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** The stored objects of the files in these folders (null: the top), to remove after a delete. */
export async function filesInFolders(
  db: Queryable,
  schoolId: string,
  folderIds: readonly string[],
): Promise<{ id: string; name: string; storage_key: string; has_thumbnail: number }[]> {
  if (folderIds.length === 0) return [];
  return db
    .selectFrom('file')
    .select(['id', 'name', 'storage_key', 'has_thumbnail'])
    .where('school_id', '=', schoolId)
    .where('folder_id', 'in', [...folderIds])
    .execute();
}

export async function deleteFilesInFolders(
  trx: Queryable,
  schoolId: string,
  folderIds: readonly string[],
): Promise<void> {
  if (folderIds.length === 0) return;
  await trx
    .deleteFrom('file')
    .where('school_id', '=', schoolId)
    .where('folder_id', 'in', [...folderIds])
    .execute();
}

/** Bytes the school's files hold, and bytes its unfinished uploads have promised. */
export async function bytesUsed(
  db: Queryable,
  schoolId: string,
): Promise<{ stored: number; promised: number }> {
  const [stored, promised] = await Promise.all([
    db
      .selectFrom('file')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
      .where('school_id', '=', schoolId)
      .executeTakeFirst(),
    db
      .selectFrom('file_upload')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
      .where('school_id', '=', schoolId)
      .executeTakeFirst(),
  ]);
  return { stored: Number(stored?.bytes ?? 0), promised: Number(promised?.bytes ?? 0) };
}

export async function filesUploadedBy(db: Queryable, schoolId: string, personId: string) {
  const rows = await db
    .selectFrom('file')
    .select(['id', 'name', 'folder_id', 'size', 'content_type', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('uploaded_by', '=', personId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** The files stay the school's; who uploaded them is forgotten. Returns their ids. */
export async function forgetUploader(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('file')
    .set({ uploaded_by: null })
    .where('school_id', '=', schoolId)
    .where('uploaded_by', '=', personId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

// ── Unfinished uploads ──────────────────────────────────────────────────────────────────────

function toUploadRow(row: Selectable<FileUploadTable>): UploadRow {
  return { ...row, size: Number(row.size) };
}

export async function insertUpload(trx: Queryable, row: Omit<FileUploadTable, 'size'> & { size: number }) {
  await trx.insertInto('file_upload').values(row).execute();
}

export async function findUpload(
  db: Queryable,
  schoolId: string,
  id: string,
): Promise<UploadRow | undefined> {
  const row = await db
    .selectFrom('file_upload')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toUploadRow(row);
}

/** Whether the row was there to delete (an expiry sweep or a folder's delete may have been first). */
export async function deleteUpload(trx: Queryable, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('file_upload').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function uploadsInFolders(
  db: Queryable,
  schoolId: string,
  folderIds: readonly string[],
): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const rows = await db
    .selectFrom('file_upload')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('folder_id', 'in', [...folderIds])
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteUploads(trx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('file_upload')
    .where('id', 'in', [...ids])
    .execute();
}

/** Uploads of every school begun before `before` (ISO instant). */
export async function uploadsBegunBefore(
  db: Queryable,
  before: string,
): Promise<{ id: string; school_id: string }[]> {
  return db
    .selectFrom('file_upload')
    .select(['id', 'school_id'])
    .where('created_at', '<', before)
    .orderBy('created_at')
    .execute();
}

export async function uploadsCreatedBy(db: Queryable, schoolId: string, personId: string) {
  const rows = await db
    .selectFrom('file_upload')
    .select(['id', 'name', 'size', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** An erased person's unfinished uploads can no longer be continued; they expire with the rest. */
export async function forgetUploadCreator(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .updateTable('file_upload')
    .set({ created_by: null })
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .execute();
}
