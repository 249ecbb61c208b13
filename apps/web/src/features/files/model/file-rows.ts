/**
 * The rows of the file list: the folder's subfolders first, then its files, page after page.
 */
import {
  FILE_LIST_MAX_RESULTS_DEFAULT,
  type FileList,
  type Folder,
  type StoredFile,
} from '@tun/shared/files';

export type FileRow =
  | { kind: 'folder'; id: string; name: string; folder: Folder }
  | { kind: 'file'; id: string; name: string; file: StoredFile };

/**
 * Folders come with the first page only. A file can show up on two pages when the list changed
 * between them (a file renamed past the page boundary); it is shown once.
 */
export function fileRows(pages: readonly FileList[]): FileRow[] {
  const rows: FileRow[] = [];
  const seen = new Set<string>();
  for (const folder of pages[0]?.folders ?? []) {
    rows.push({ kind: 'folder', id: `folder:${folder.id}`, name: folder.name, folder });
  }
  for (const page of pages) {
    for (const file of page.items) {
      if (seen.has(file.id)) continue;
      seen.add(file.id);
      rows.push({ kind: 'file', id: `file:${file.id}`, name: file.name, file });
    }
  }
  return rows;
}

/** Page sizes to choose from; the server takes 1 to 1000 (SPEC §5). */
export const PAGE_SIZES = [25, 50, FILE_LIST_MAX_RESULTS_DEFAULT, 250, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = FILE_LIST_MAX_RESULTS_DEFAULT;

export function isPageSize(value: number): value is (typeof PAGE_SIZES)[number] {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/** May this file or folder move into the folder `targetId` (null: the top)? */
export function mayMoveInto(
  entry:
    | { kind: 'file'; file: Pick<StoredFile, 'folderId'> }
    | { kind: 'folder'; folder: Pick<Folder, 'id' | 'parentId'> },
  targetId: string | null,
  /** The target and the folders above it, as the list answer gives them. */
  targetPath: readonly Pick<Folder, 'id'>[],
): boolean {
  if (entry.kind === 'file') return entry.file.folderId !== targetId;
  const { id, parentId } = entry.folder;
  // Where it is already, into itself, or into a folder inside it (the server says
  // folder-into-itself for the last two).
  return parentId !== targetId && targetId !== id && !targetPath.some((folder) => folder.id === id);
}
