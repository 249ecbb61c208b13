/**
 * The names of a file's objects in the store. A file's bytes are under its `storage_key` (a tus
 * upload's id, or a new id for bytes the server wrote itself); its preview beside them.
 */

/** The WebP preview of an image. */
export function thumbnailKey(storageKey: string): string {
  return `${storageKey}.thumb`;
}
