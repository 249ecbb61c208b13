/**
 * The store for more than one server instance: an S3-compatible bucket (AWS S3, MinIO, Ceph,
 * Garage, a hosting provider's object storage) that every instance reaches. tus's S3Store turns
 * each upload into a multipart upload; it keeps the upload's metadata in `<id>.info` and a tail
 * shorter than S3's 5 MiB minimum part in `<id>.part` until more bytes arrive.
 */
import type { Readable } from 'node:stream';
import type { S3, S3ServiceException } from '@aws-sdk/client-s3';
import { ERRORS } from '@tus/utils';
import {
  assertRange,
  assertStorageKey,
  ObjectNotFoundError,
  type ByteRange,
  type FileStorage,
} from './file-storage';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  uploadExpiryMs: number;
}

/**
 * What S3 and its look-alikes answer for "not there": NoSuchKey for a GET, a bare 404 (named
 * NotFound by the SDK) for a HEAD, NoSuchUpload for a multipart upload that was completed or
 * aborted.
 */
function isNotFound(error: unknown): boolean {
  const e = error as Partial<S3ServiceException> | undefined;
  return (
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchUpload' ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/**
 * S3Store with a `remove` that leaves nothing behind. S3Store's own deletes `<id>` and
 * `<id>.info` but not the `<id>.part` tail of a cancelled upload, and on a finished upload it
 * first aborts the multipart upload, which S3 answers with NoSuchUpload, so it throws "not
 * found" and deletes nothing at all. Loaded only where S3 is configured: tus's S3 store and the
 * AWS SDK are a tenth of the server's start (decision 037).
 */
async function s3DataStoreClass() {
  const { S3Store } = await import('@tus/s3-store');
  return class S3DataStore extends S3Store {
    get s3(): S3 {
      return this.client;
    }

    get bucketName(): string {
      return this.bucket;
    }

    /** Removes an upload or object with its sidecars; false when none of them was there. */
    async removeAll(id: string): Promise<boolean> {
      let found = false;
      let uploadId: string | undefined;
      try {
        // S3Store keeps the multipart upload's id in the metadata of `<id>.info`: HEAD is enough.
        const head = await this.client.headObject({ Bucket: this.bucket, Key: this.infoKey(id) });
        uploadId = head.Metadata?.['upload-id'];
        found = true;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      if (uploadId) {
        // An unfinished upload's parts are invisible to listings and still billed: abort frees
        // them. A finished upload's multipart upload is gone already (NoSuchUpload).
        await this.client
          .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
          .catch((error: unknown) => {
            if (!isNotFound(error)) throw error;
          });
      }
      const keys = [id, this.infoKey(id), this.partKey(id, true)];
      if (!found) {
        // A `put` object has no `.info`; DeleteObjects reports deleted keys whether they existed
        // or not, so ask first.
        found = await this.client.headObject({ Bucket: this.bucket, Key: id }).then(
          () => true,
          (error: unknown) => {
            if (isNotFound(error)) return false;
            throw error;
          },
        );
      }
      const result = await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      });
      const failed = result.Errors?.find((error) => error.Code !== 'NoSuchKey');
      if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      await this.clearCache(id);
      return found;
    }

    /** tus DELETE (a cancelled upload): everything goes; an unknown id is tus's 404. */
    override async remove(id: string): Promise<void> {
      if (!(await this.removeAll(id))) throw ERRORS.FILE_NOT_FOUND;
    }
  };
}

export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  const S3DataStore = await s3DataStoreClass();
  const datastore = new S3DataStore({
    // Expiry by our own deleteExpired sweep (ListMultipartUploads), not by bucket lifecycle rules
    // matched on object tags: nothing to set up on the bucket, and tagging is what S3-compatible
    // servers most often lack.
    useTags: false,
    expirationPeriodInMilliseconds: options.uploadExpiryMs,
    s3ClientConfig: {
      bucket: options.bucket,
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Since early 2025 the SDK adds CRC32 checksums to every upload by default, sending streams
      // as `aws-chunked` bodies with a trailer. Many S3-compatible servers (older MinIO, Ceph,
      // several providers, s3rver) store those chunk headers as data or refuse the request.
      // Checksums only where S3 requires them (DeleteObjects) works everywhere; TLS and S3's own
      // Content-MD5/ETag still guard the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  const client = datastore.s3;
  const Bucket = datastore.bucketName;

  return {
    kind: 's3',
    datastore,

    async put(key, body) {
      assertStorageKey(key);
      // One PutObject replaces the object whole: S3 never shows a half-written one.
      await client.putObject({ Bucket, Key: key, Body: body, ContentLength: body.length });
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      assertStorageKey(key);
      if (range) assertRange(range);
      try {
        const object = await client.getObject({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        });
        // On Node the body is the HTTP response itself, a Readable.
        return object.Body as Readable;
      } catch (error) {
        throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
      }
    },

    async size(key) {
      assertStorageKey(key);
      try {
        const head = await client.headObject({ Bucket, Key: key });
        return head.ContentLength ?? 0;
      } catch (error) {
        throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
      }
    },

    async remove(key) {
      assertStorageKey(key);
      await datastore.removeAll(key);
    },

    async keys() {
      const keys = new Set<string>();
      let token: string | undefined;
      do {
        const page = await client.listObjectsV2({ Bucket, ContinuationToken: token });
        for (const object of page.Contents ?? []) if (object.Key) keys.add(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // An unfinished multipart upload holds stored parts that no object listing shows: count it
      // under its key, as the disk store's half-written file is, so a leak shows up here too.
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client.listMultipartUploads({
          Bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        });
        for (const upload of page.Uploads ?? []) if (upload.Key) keys.add(upload.Key);
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return [...keys].sort();
    },

    async close() {
      client.destroy();
    },
  };
}
