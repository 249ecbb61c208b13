import type { FileList, Folder, StoredFile } from '@tun/shared/files';
import { describe, expect, it } from 'vitest';
import { fileRows, isPageSize, mayMoveInto } from './file-rows';

const folder = (id: string, parentId: string | null = null): Folder => ({
  id,
  parentId,
  name: `Mappe ${id}`,
  fullPath: `Mappe ${id}`,
  timeCreated: '2026-11-23T10:00:00Z',
  updated: '2026-11-23T10:00:00Z',
  fileCount: 0,
  folderCount: 0,
  policies: { change: true },
});

const file = (id: string, folderId: string | null = null): StoredFile => ({
  id,
  folderId,
  bucket: 'school',
  generation: '1',
  metageneration: '1',
  fullPath: `${id}.txt`,
  name: `${id}.txt`,
  size: 10,
  timeCreated: '2026-11-23T10:00:00Z',
  updated: '2026-11-23T10:00:00Z',
  md5Hash: 'x',
  cacheControl: null,
  contentDisposition: null,
  contentEncoding: null,
  contentLanguage: null,
  contentType: 'text/plain',
  customMetadata: {},
  uploadedBy: null,
  hasThumbnail: false,
  policies: { change: true },
});

const page = (items: StoredFile[], folders: Folder[] = []): FileList => ({
  folder: null,
  ancestors: [],
  folders,
  items,
  nextPageToken: null,
});

describe('file rows', () => {
  it('puts folders first, then the files of every page once', () => {
    const rows = fileRows([
      page([file('a'), file('b')], [folder('x')]),
      page([file('b'), file('c')], [folder('y')]),
    ]);
    expect(rows.map((row) => row.id)).toEqual(['folder:x', 'file:a', 'file:b', 'file:c']);
  });

  it('knows the page sizes the server takes', () => {
    expect(isPageSize(100)).toBe(true);
    expect(isPageSize(7)).toBe(false);
  });
});

describe('where an entry may move', () => {
  it('moves a file anywhere but where it is', () => {
    expect(mayMoveInto({ kind: 'file', file: file('a', 'x') }, 'x', [])).toBe(false);
    expect(mayMoveInto({ kind: 'file', file: file('a', 'x') }, null, [])).toBe(true);
  });

  it('does not move a folder where it is, into itself or into a folder inside it', () => {
    const moved = { kind: 'folder' as const, folder: folder('x', 'p') };
    expect(mayMoveInto(moved, 'p', [folder('p')])).toBe(false);
    expect(mayMoveInto(moved, 'x', [folder('p'), folder('x')])).toBe(false);
    expect(mayMoveInto(moved, 'inner', [folder('p'), folder('x'), folder('inner')])).toBe(false);
    expect(mayMoveInto(moved, null, [])).toBe(true);
    expect(mayMoveInto(moved, 'other', [folder('other')])).toBe(true);
  });
});
