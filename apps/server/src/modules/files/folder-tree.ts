/**
 * The school's folders as a tree, walked in memory: a school has tens or hundreds of folders, so
 * reading them all is one small query, and paths, depth and descendants need no recursive SQL
 * that would read differently on SQLite and PostgreSQL.
 */
import { FOLDER_DEPTH_MAX } from '@tun/shared';
import type { FolderRow } from './files.repository';

const byName = new Intl.Collator('nb', { numeric: true, sensitivity: 'base' });

export class FolderTree {
  private readonly byId = new Map<string, FolderRow>();
  private readonly childrenOf = new Map<string, FolderRow[]>();

  constructor(rows: readonly FolderRow[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      const siblings = this.childrenOf.get(row.parent_id ?? '') ?? [];
      siblings.push(row);
      this.childrenOf.set(row.parent_id ?? '', siblings);
    }
  }

  get(id: string): FolderRow | undefined {
    return this.byId.get(id);
  }

  /** Folders directly inside (null: the top), by name. */
  children(id: string | null): FolderRow[] {
    return [...(this.childrenOf.get(id ?? '') ?? [])].sort((a, b) => byName.compare(a.name, b.name));
  }

  /**
   * From the top down to the folder's parent. The walk is bounded: the depth limit keeps real
   * trees shallow, and a bound also ends a loop that should never be there.
   */
  ancestors(id: string): FolderRow[] {
    const chain: FolderRow[] = [];
    let parentId = this.byId.get(id)?.parent_id ?? null;
    while (parentId !== null && chain.length <= FOLDER_DEPTH_MAX) {
      const parent = this.byId.get(parentId);
      if (!parent) break;
      chain.unshift(parent);
      parentId = parent.parent_id;
    }
    return chain;
  }

  /** Folder names from the top, joined by "/"; "" for the top. */
  path(id: string | null): string {
    if (id === null) return '';
    const folder = this.byId.get(id);
    if (!folder) return '';
    return [...this.ancestors(id), folder].map((row) => row.name).join('/');
  }

  /** 1 for a folder at the top, 0 for the top itself. */
  depth(id: string | null): number {
    return id === null ? 0 : this.ancestors(id).length + 1;
  }

  /** Every folder inside, at any depth (not the folder itself). */
  descendants(id: string): FolderRow[] {
    const found: FolderRow[] = [];
    const pending = [id];
    while (pending.length > 0) {
      for (const child of this.childrenOf.get(pending.pop()!) ?? []) {
        found.push(child);
        pending.push(child.id);
      }
    }
    return found;
  }

  /** Levels the folder takes with everything inside it: 1 for a folder with no folders inside. */
  height(id: string): number {
    let height = 1;
    for (const descendant of this.descendants(id)) {
      let levels = 1;
      let at: string | null = descendant.id;
      while (at !== null && at !== id) {
        levels += 1;
        at = this.byId.get(at)?.parent_id ?? null;
      }
      height = Math.max(height, levels);
    }
    return height;
  }
}
