/**
 * What the file archive's tests share: an app on either database and either store, a tus client
 * speaking raw HTTP, and files to upload.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { UPLOAD_METADATA_KEYS, type StoredFile } from '@tun/shared';
import type { Dialect } from '../src/db/database';
import { createTestApp, type TestApp } from './helper';
import { startS3Server, type TestS3Server } from './s3-server';

export type StoreKind = 'disk' | 's3';

export const STORES: StoreKind[] = ['disk', 's3'];

export interface FilesTestApp extends TestApp {
  store: StoreKind;
}

/**
 * A test app whose files go to a folder of its own (on PostgreSQL too, where DATA_DIR is not
 * the database's) or to a bucket of a fresh S3 server.
 */
export async function createFilesTestApp(
  dialect: Dialect,
  store: StoreKind,
  env: Record<string, string> = {},
): Promise<FilesTestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'tun-files-'));
  let s3: TestS3Server | undefined;
  let storeEnv: Record<string, string> = {};
  if (store === 's3') {
    s3 = await startS3Server(`tun-${randomBytes(4).toString('hex')}`);
    storeEnv = {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
  }
  const t = await createTestApp(dialect, {
    env: {
      LOGIN_RATE_LIMIT: '1000',
      ...(dialect === 'postgres' ? { DATA_DIR: dir } : {}),
      ...storeEnv,
      ...env,
    },
  });
  return {
    ...t,
    store,
    close: async () => {
      await t.close();
      await s3?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const md5Base64 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Bytes that are a PDF by their first bytes and random after them. */
export function pdfBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.4\n%âãÏÓ\n').copy(bytes, 0);
  return bytes;
}

/** A Linux program: refused by content whatever it is called. */
export function elfBytes(size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(bytes, 0);
  return bytes;
}

export const TUS = { 'tus-resumable': '1.0.0' } as const;

export interface TusCreate {
  name?: string;
  folderId?: string | null;
  type?: string;
  length: number;
  extra?: Record<string, string>;
}

export function uploadMetadata(input: Omit<TusCreate, 'length'>): string {
  const pairs = [`${UPLOAD_METADATA_KEYS.name} ${b64(input.name ?? 'fil.pdf')}`];
  if (input.type) pairs.push(`${UPLOAD_METADATA_KEYS.type} ${b64(input.type)}`);
  if (input.folderId) pairs.push(`${UPLOAD_METADATA_KEYS.folderId} ${b64(input.folderId)}`);
  for (const [key, value] of Object.entries(input.extra ?? {})) pairs.push(`${key} ${b64(value)}`);
  return pairs.join(',');
}

export function tusCreate(t: TestApp, cookie: string, input: TusCreate) {
  return t.request({
    method: 'POST',
    url: '/api/v1/files/uploads',
    cookie,
    headers: { ...TUS, 'upload-length': String(input.length), 'upload-metadata': uploadMetadata(input) },
  });
}

export function tusPatch(t: TestApp, cookie: string, location: string, offset: number, chunk: Buffer) {
  return t.request({
    method: 'PATCH',
    url: location,
    cookie,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: chunk,
  });
}

/** A whole resumable upload in chunks of `chunk` bytes; the last answer and the file's id. */
export async function tusUpload(
  t: TestApp,
  cookie: string,
  bytes: Buffer,
  input: Omit<TusCreate, 'length'> & { chunk?: number } = {},
): Promise<{ last: LightMyRequestResponse; fileId: string | undefined; location: string }> {
  const created = await tusCreate(t, cookie, { ...input, length: bytes.length });
  if (created.statusCode !== 201) throw new Error(`tus create failed: ${created.statusCode} ${created.body}`);
  const location = created.headers.location as string;
  const chunk = input.chunk ?? bytes.length;
  let offset = 0;
  let last = created;
  while (offset < bytes.length) {
    const next = bytes.subarray(offset, offset + chunk);
    last = await tusPatch(t, cookie, location, offset, next);
    if (last.statusCode !== 204) break;
    offset = Number(last.headers['upload-offset']);
  }
  return { last, fileId: last.headers['tun-file-id'] as string | undefined, location };
}

/** A multipart/form-data body with one file and some fields. */
export function multipartBody(
  file: { name: string; type: string; bytes: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tun${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadSmall(
  t: TestApp,
  cookie: string,
  file: { name: string; type?: string; bytes: Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipartBody({ type: 'application/octet-stream', ...file }, fields);
  const response = await t.request({ method: 'POST', url: '/api/v1/files', cookie, ...body });
  return { response, file: response.statusCode === 201 ? response.json<StoredFile>() : undefined };
}

export async function download(t: TestApp, cookie: string, id: string, headers: Record<string, string> = {}) {
  return t.request({ method: 'GET', url: `/api/v1/files/${id}/content`, cookie, headers });
}
