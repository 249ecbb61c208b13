/**
 * Where the file archive keeps its bytes: one interface, two stores. Local disk under
 * DATA_DIR/files by default; S3-compatible object storage when S3_URL (or S3_ENDPOINT and
 * S3_BUCKET) is set, for more than one server instance. docs/decisions/020-files.md.
 *
 * Every object has a key chosen by the server (never a name a user typed). A resumable upload's
 * bytes arrive through `datastore` (tus) and stay under the upload's id once finished; small
 * files and derived bytes (thumbnails, photos rewritten without their location) go through
 * `put`. The files table maps a file to its key; nothing else points into the store.
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
  /** Stores bytes whole under a key, replacing what was there. */
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
