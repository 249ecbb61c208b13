/**
 * The default store: files in one folder, DATA_DIR/files, so a single-server school has nothing to
 * configure. tus's FileStore writes uploads there as `<id>` with its metadata in `<id>.json`;
 * objects we `put` (thumbnails, rewritten photos) live beside them under their own keys.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import {
  assertRange,
  assertStorageKey,
  ObjectNotFoundError,
  type ByteRange,
  type FileStorage,
} from './file-storage';

/** `put` writes here first; the leading dot keeps these out of the key space. */
const TEMP_PREFIX = '.put-';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * FileStore with a `deleteExpired` that tells finished uploads from unfinished ones. FileStore's
 * own compares the `.json` sidecar's `offset` with its `size`, but that `offset` is written once
 * at creation (0) and never updated, so it would delete every finished upload once the expiry
 * has passed: all the school's files, a day after each was uploaded. The bytes on disk are the
 * true offset.
 */
class DiskDataStore extends FileStore {
  override async deleteExpired(): Promise<number> {
    const expiry = this.getExpiration();
    if (expiry <= 0) return 0;
    const cutoff = Date.now() - expiry;
    let removed = 0;
    for (const name of await readdir(this.directory)) {
      if (name.startsWith(TEMP_PREFIX)) {
        // A temporary file left by a `put` that the process did not live to finish.
        const stats = await stat(join(this.directory, name)).catch(() => undefined);
        if (stats && stats.mtimeMs < cutoff) await rm(join(this.directory, name), { force: true });
        continue;
      }
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      const info = await this.configstore.get(id);
      if (!info?.creation_date || Date.parse(info.creation_date) > cutoff) continue;
      const bytes = await stat(join(this.directory, id)).then(
        (stats) => stats.size,
        () => undefined,
      );
      if (info.size !== undefined && bytes === info.size) continue; // finished: a stored file
      await rm(join(this.directory, id), { force: true });
      await rm(join(this.directory, name), { force: true });
      removed += 1;
    }
    return removed;
  }
}

export function createDiskStorage(options: { dir: string; uploadExpiryMs: number }): FileStorage {
  const { dir } = options;
  // FileStore creates its folder too, but without waiting, and a failure there would be thrown
  // from a callback where nothing can catch it. Creating it here stops the start with the cause.
  mkdirSync(dir, { recursive: true });
  const datastore = new DiskDataStore({
    directory: dir,
    expirationPeriodInMilliseconds: options.uploadExpiryMs,
  });

  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(dir, key);
  };

  return {
    kind: 'disk',
    datastore,

    async put(key, body) {
      const target = pathOf(key);
      // Write beside the target and rename over it: a reader (or a crash) sees the old bytes or
      // the new ones, never half. The rename is atomic within one file system, which one folder is.
      const temp = join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(body);
        await handle.datasync();
      } catch (error) {
        await handle.close();
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      if (range) assertRange(range);
      // Open first, so a missing object is an error here and not in the middle of a response.
      const handle = await open(pathOf(key), 'r').catch((error: unknown) => {
        throw isMissing(error) ? new ObjectNotFoundError(key) : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        throw isMissing(error) ? new ObjectNotFoundError(key) : error;
      }
    },

    async remove(key) {
      const path = pathOf(key);
      for (const file of [path, `${path}.json`]) {
        await unlink(file).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      }
    },

    async keys() {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    },

    async close() {
      // Nothing is held open between calls: each read owns its file handle.
    },
  };
}
