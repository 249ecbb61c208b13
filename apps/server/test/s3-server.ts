/**
 * A real S3-compatible server for the tests: s3rver on 127.0.0.1, a free port, a fresh folder and
 * one bucket, speaking S3's HTTP API with signature checks, so the S3 store is tested through
 * the same SDK calls it makes against AWS or MinIO.
 *
 * s3rver 3.7 (the last release that runs on Node 20; its successor needs Node 24) implements
 * CreateMultipartUpload, UploadPart and CompleteMultipartUpload but not the three multipart calls
 * tus's S3Store also needs: ListParts (every PATCH and HEAD asks how far an upload got),
 * AbortMultipartUpload (a cancelled upload) and ListMultipartUploads (the sweep of expired
 * uploads). It answers them 405 or 501. We add the three here, on s3rver's own router and
 * upload folders, behind its authentication and bucket checks, answering as S3's API reference
 * says, NoSuchUpload for a finished or aborted upload included (S3Store relies on that to tell a
 * finished upload). Everything else is s3rver as published. docs/decisions/020-files.md.
 *
 * Two more limits of s3rver, which the tests stay within: a ListObjectsV2 longer than one page
 * (1000 keys) fails, since its continuation tokens are DES-encrypted and OpenSSL 3 has no DES;
 * and it stores `aws-chunked` request bodies as they are, which is why the S3 store asks the SDK
 * for checksums only where S3 requires them (see storage/s3-storage.ts).
 */
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

// The SDK warns once per process that its releases from 2027 on need Node 22. We pin it exactly
// (apps/server/package.json) for that reason; the warning would only clutter test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// s3rver ships no types, and what we touch (its router and store) is internal: the few shapes
// we use are spelled out here.
interface KoaContext {
  params: { bucket: string; key?: string; queryMethod?: string };
  query: Record<string, string | undefined>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  body: unknown;
  status: number;
}
type Next = () => Promise<void>;
interface Layer {
  path: string;
  methods: string[];
}
interface Router {
  stack: Layer[];
  get(path: string, handler: (ctx: KoaContext, next: Next) => Promise<void>): Router;
  delete(path: string, handler: (ctx: KoaContext, next: Next) => Promise<void>): Router;
}
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string>) => Error;

const S3rver = require('s3rver') as S3rverClass;
const router = require('s3rver/lib/routes') as Router;
const S3Error = require('s3rver/lib/models/error') as S3ErrorClass;

function uploadsDir(ctx: KoaContext): string {
  return ctx.store.getResourcePath(ctx.params.bucket, undefined, 'uploads');
}

function noSuchUpload(uploadId: string | undefined): Error {
  return new S3Error(
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    { UploadId: uploadId ?? '' },
  );
}

/** The folder of an upload in progress and its key, or NoSuchUpload. */
async function openUpload(ctx: KoaContext): Promise<{ dir: string; key: string }> {
  const uploadId = ctx.query.uploadId ?? '';
  if (!/^[0-9a-f]+$/.test(uploadId)) throw noSuchUpload(uploadId);
  const dir = join(uploadsDir(ctx), uploadId);
  const key = await readFile(join(dir, 'key'), 'utf8').catch(() => undefined);
  if (key === undefined || key !== ctx.params.key) throw noSuchUpload(uploadId);
  return { dir, key };
}

/** GET /bucket/key?uploadId=…: the parts received so far, in order. */
async function listParts(ctx: KoaContext, next: Next): Promise<void> {
  if (ctx.params.queryMethod !== 'uploadId') return next();
  const { dir, key } = await openUpload(ctx);
  const marker = Number(ctx.query['part-number-marker'] ?? 0);
  const maxParts = Math.min(Number(ctx.query['max-parts'] ?? 1000), 1000);
  const names = await readdir(dir);
  // s3rver writes `<n>.md5` once part n is whole: a part still arriving is not listed yet.
  const numbers = names
    .filter((name) => /^\d+\.md5$/.test(name))
    .map((name) => Number(name.slice(0, -4)))
    .filter((n) => n > marker)
    .sort((a, b) => a - b);
  const page = numbers.slice(0, maxParts);
  const parts = await Promise.all(
    page.map(async (n) => {
      const [stats, md5] = await Promise.all([
        stat(join(dir, String(n))),
        readFile(join(dir, `${n}.md5`), 'utf8'),
      ]);
      return { PartNumber: n, LastModified: stats.mtime.toISOString(), ETag: `"${md5}"`, Size: stats.size };
    }),
  );
  ctx.body = {
    ListPartsResult: {
      Bucket: ctx.params.bucket,
      Key: key,
      UploadId: ctx.query.uploadId,
      StorageClass: 'STANDARD',
      PartNumberMarker: marker,
      NextPartNumberMarker: page.at(-1) ?? marker,
      MaxParts: maxParts,
      IsTruncated: numbers.length > page.length,
      Part: parts,
    },
  };
}

/** DELETE /bucket/key?uploadId=…: drops the upload and its parts. */
async function abortMultipartUpload(ctx: KoaContext, next: Next): Promise<void> {
  if (ctx.params.queryMethod !== 'uploadId') return next();
  const { dir } = await openUpload(ctx);
  await rm(dir, { recursive: true, force: true });
  ctx.status = 204;
}

/** GET /bucket?uploads: the uploads in progress, by key and upload id. */
async function listMultipartUploads(ctx: KoaContext, next: Next): Promise<void> {
  if (ctx.params.queryMethod !== 'uploads') return next();
  const root = uploadsDir(ctx);
  const ids = await readdir(root).catch(() => [] as string[]);
  const uploads = (
    await Promise.all(
      ids.map(async (uploadId) => {
        const keyFile = join(root, uploadId, 'key');
        const key = await readFile(keyFile, 'utf8').catch(() => undefined);
        if (key === undefined) return undefined; // completed or aborted meanwhile
        return { Key: key, UploadId: uploadId, Initiated: (await stat(keyFile)).mtime.toISOString() };
      }),
    )
  )
    .filter((upload) => upload !== undefined)
    .filter((upload) => upload.Key.startsWith(ctx.query.prefix ?? ''))
    .sort((a, b) => (a.Key === b.Key ? a.UploadId.localeCompare(b.UploadId) : a.Key < b.Key ? -1 : 1));
  const keyMarker = ctx.query['key-marker'] ?? '';
  const uploadIdMarker = ctx.query['upload-id-marker'] ?? '';
  const after = uploads.filter(
    (u) => u.Key > keyMarker || (u.Key === keyMarker && uploadIdMarker !== '' && u.UploadId > uploadIdMarker),
  );
  const maxUploads = Math.min(Number(ctx.query['max-uploads'] ?? 1000), 1000);
  const page = after.slice(0, maxUploads);
  const last = page.at(-1);
  const truncated = after.length > page.length;
  ctx.body = {
    ListMultipartUploadsResult: {
      Bucket: ctx.params.bucket,
      KeyMarker: keyMarker,
      UploadIdMarker: uploadIdMarker,
      ...(truncated && last ? { NextKeyMarker: last.Key, NextUploadIdMarker: last.UploadId } : {}),
      MaxUploads: maxUploads,
      IsTruncated: truncated,
      Upload: page.map((u) => ({ ...u, StorageClass: 'STANDARD' })),
    },
  };
}

/**
 * Registers a handler and moves it just before s3rver's own handler for the same path and
 * method, after the middleware (authentication, bucket exists, query method) that runs first.
 */
function addBefore(
  method: 'GET' | 'DELETE',
  path: string,
  handler: (ctx: KoaContext, next: Next) => Promise<void>,
) {
  const target = router.stack.findIndex((layer) => layer.path === path && layer.methods.includes(method));
  if (target === -1) throw new Error(`s3rver has no ${method} ${path} route to extend`);
  if (method === 'GET') router.get(path, handler);
  else router.delete(path, handler);
  const added = router.stack.pop()!;
  router.stack.splice(target, 0, added);
}

let extended = false;
function extendS3rver(): void {
  // The router is one module-wide object: extend it once however many servers start.
  if (extended) return;
  extended = true;
  addBefore('GET', '/:bucket/:key+', listParts);
  addBefore('DELETE', '/:bucket/:key+', abortMultipartUpload);
  addBefore('GET', '/:bucket', listMultipartUploads);
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'tun-test'): Promise<TestS3Server> {
  extendS3rver();
  const directory = mkdtempSync(join(tmpdir(), 'tun-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    // S3RVER_LOG=1 shows every request s3rver answers, for debugging a failing test.
    silent: process.env.S3RVER_LOG !== '1',
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's one built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
