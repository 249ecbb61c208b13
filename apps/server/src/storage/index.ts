/**
 * The file archive's store, chosen by the settings: disk unless S3 is configured (config.ts).
 */
import type { FilesConfig } from '../config';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

export { ObjectNotFoundError, type FileStorage } from './file-storage';

/** Takes the whole Config or anything with its `files` part (tests pass their own). */
export async function createFileStorage(config: {
  files: Pick<FilesConfig, 'storage' | 'uploadExpiryMs'>;
}): Promise<FileStorage> {
  const { storage, uploadExpiryMs } = config.files;
  return storage.kind === 'disk'
    ? createDiskStorage({ dir: storage.dir, uploadExpiryMs })
    : createS3Storage({ ...storage, uploadExpiryMs });
}
