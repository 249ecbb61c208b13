/**
 * Where the file archive keeps its bytes: one interface, two stores. Local disk under
 * DATA_DIR/files by default; S3-compatible object storage when S3_URL (or S3_ENDPOINT and
 * S3_BUCKET) is set, for more than one server instance. docs/decisions/020-files.md.
 *
 * Every object has a key chosen by the server (never a name a user typed). A resumable upload's
 * bytes arrive through `datastore` (tus) and stay under the upload's id once finished; small
 * files and derived bytes (thumbnails, photos rewritten without their location) go through
 * `put`. The files table maps a file to its key; nothing else points into the store.
 *
 * An unfinished upload is not an object yet: S3 has nothing under its key until the last part
 * arrives, so `read` and `size` are only for finished uploads and `put` keys, on both stores.
 * Unfinished uploads that outlive FILE_UPLOAD_EXPIRY_HOURS are removed by
 * `datastore.deleteExpired()` (tus's `server.cleanUpExpiredUploads()` calls it), which on
 * both stores removes only unfinished uploads and everything they left beside them.
 */
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

/** Bytes start to end, both included, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Where tus keeps uploads while they arrive; a finished upload's bytes stay under its id. */
  readonly datastore: DataStore;
  /** Stores bytes whole under a key, replacing what was there; readers never see half of it. */
  put(key: string, body: Buffer): Promise<void>;
  /** The bytes of a stored object, or a range of them; `ObjectNotFoundError` when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes of a stored object; `ObjectNotFoundError` when there is none. */
  size(key: string): Promise<number>;
  /** Removes an object and whatever tus kept beside it; a key that is not there is no error. */
  remove(key: string): Promise<void>;
  /** Every key in the store, sidecars included: tests count them to prove nothing is left behind. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
  }
}

/**
 * The names tus keeps beside an upload: `.json` on disk, `.info` and `.part` on S3. A key of our
 * own ending in one of them would be taken for, or removed with, another upload's sidecar.
 */
const SIDECAR_SUFFIXES = ['.json', '.info', '.part'];

/**
 * Keys are flat tokens (tus ids are hex; derived objects add a suffix such as `.thumb`): no
 * slash, so a key can never reach outside the store's folder, and no leading dot, which the disk
 * store keeps for its temporary files. A bad key is a bug in the server, so it throws.
 */
export function assertStorageKey(key: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/.test(key) || SIDECAR_SUFFIXES.some((s) => key.endsWith(s))) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}

/** A range must name at least one byte, from a non-negative offset. */
export function assertRange(range: ByteRange): void {
  if (
    !Number.isSafeInteger(range.start) ||
    !Number.isSafeInteger(range.end) ||
    range.start < 0 ||
    range.end < range.start
  ) {
    throw new RangeError(`Not a byte range: ${range.start}-${range.end}`);
  }
}
