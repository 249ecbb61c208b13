/**
 * The file archive's figures (PERFORMANCE.md): a 50 MB upload over tus as the web app sends it,
 * beside writing the same bytes to the same disk in the same run; and the data for listing a
 * folder of 2,000 files.
 */
import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  FILE_CHUNK_START_BYTES,
  FILE_SIMPLE_UPLOAD_PATH,
  FILE_UPLOAD_PATH,
  nextChunkSize,
  UPLOAD_METADATA_KEYS,
  UPLOADED_FILE_ID_HEADER,
} from '@tun/shared';
import type { BenchContext } from './scenarios';

/** MB as the SPEC counts them: 1,048,576 bytes. */
const MB = 1024 * 1024;
export const UPLOAD_BYTES = 50 * MB;
/** Uploads measured, each beside a disk write of the same bytes: the medians are reported. */
const UPLOAD_ROUNDS = 5;

async function failure(what: string, response: Response): Promise<Error> {
  return new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
}

/** The PATCH sizes of the web app's resumable upload: 256 KB, doubling, at most 16 MB. */
function chunks(total: number): { offset: number; length: number }[] {
  const result: { offset: number; length: number }[] = [];
  let size = FILE_CHUNK_START_BYTES;
  for (let offset = 0; offset < total; offset += size, size = nextChunkSize(size)) {
    result.push({ offset, length: Math.min(size, total - offset) });
  }
  return result;
}

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/** One tus upload from creation to the last PATCH's answer; returns the stored file's id. */
async function uploadOverTus(ctx: BenchContext, body: Buffer, name: string): Promise<string> {
  const tus = { 'tus-resumable': '1.0.0', cookie: ctx.dataset.admin.cookie };
  const created = await fetch(`${ctx.baseUrl}${FILE_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(body.length),
      'upload-metadata': `${UPLOAD_METADATA_KEYS.name} ${base64(name)},${UPLOAD_METADATA_KEYS.type} ${base64('application/octet-stream')}`,
    },
  });
  if (created.status !== 201) throw await failure(`POST ${FILE_UPLOAD_PATH}`, created);
  const location = new URL(created.headers.get('location') ?? '', ctx.baseUrl);
  let fileId: string | null = null;
  for (const { offset, length } of chunks(body.length)) {
    const patched = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body: body.subarray(offset, offset + length),
    });
    if (patched.status !== 204) throw await failure(`PATCH ${location.pathname}`, patched);
    fileId = patched.headers.get(UPLOADED_FILE_ID_HEADER);
  }
  if (!fileId)
    throw new Error(`The last PATCH of ${location.pathname} named no file (${UPLOADED_FILE_ID_HEADER})`);
  return fileId;
}

/**
 * The reference: the same bytes in the same chunks to a new file on the disk the server stores
 * on, as tus's FileStore writes them (no fsync; neither side waits for the platters).
 */
async function writeToDisk(dir: string, body: Buffer): Promise<void> {
  const path = join(dir, `bench-reference-${randomBytes(4).toString('hex')}`);
  const handle = await open(path, 'w');
  try {
    for (const { offset, length } of chunks(body.length)) {
      await handle.write(body, offset, length, offset);
    }
  } finally {
    await handle.close();
  }
  await rm(path, { force: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface UploadMeasurement {
  rounds: number;
  bytes: number;
  uploadMs: number[];
  diskMs: number[];
  /** Medians, in MB (1,048,576 bytes) per second. */
  uploadMBps: number;
  diskMBps: number;
  /** Upload throughput over the disk's. */
  ratio: number;
}

/**
 * Uploads and disk writes take turns, so both see the machine in the same state; random bytes,
 * so nothing along the way can compress them. Each uploaded file is deleted again.
 */
export async function measureTusUpload(ctx: BenchContext): Promise<UploadMeasurement> {
  const body = randomBytes(UPLOAD_BYTES);
  // One of each first, uncounted: the connection, the server's code paths, the disk's metadata.
  await deleteFile(ctx, await uploadOverTus(ctx, body, 'oppvarming.bin'));
  await writeToDisk(ctx.dataDir, body);
  const uploadMs: number[] = [];
  const diskMs: number[] = [];
  for (let round = 0; round < UPLOAD_ROUNDS; round += 1) {
    let started = performance.now();
    const fileId = await uploadOverTus(ctx, body, `opplasting-${round}.bin`);
    uploadMs.push(performance.now() - started);
    await deleteFile(ctx, fileId);
    started = performance.now();
    await writeToDisk(ctx.dataDir, body);
    diskMs.push(performance.now() - started);
  }
  const throughput = (ms: number) => UPLOAD_BYTES / MB / (ms / 1000);
  const uploadMBps = throughput(median(uploadMs));
  const diskMBps = throughput(median(diskMs));
  return {
    rounds: UPLOAD_ROUNDS,
    bytes: UPLOAD_BYTES,
    uploadMs,
    diskMs,
    uploadMBps,
    diskMBps,
    ratio: uploadMBps / diskMBps,
  };
}

async function deleteFile(ctx: BenchContext, fileId: string): Promise<void> {
  const response = await fetch(`${ctx.baseUrl}${FILE_SIMPLE_UPLOAD_PATH}/${fileId}`, {
    method: 'DELETE',
    headers: { cookie: ctx.dataset.admin.cookie },
  });
  if (!response.ok) throw await failure(`DELETE ${FILE_SIMPLE_UPLOAD_PATH}/${fileId}`, response);
}

/** A folder with `count` small files, uploaded as the web app uploads small files. */
export async function folderWithFiles(ctx: BenchContext, count: number): Promise<string> {
  const cookie = ctx.dataset.admin.cookie;
  const created = await fetch(`${ctx.baseUrl}/api/v1/files/folders`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Mappe med ${count} filer` }),
  });
  if (created.status !== 201) throw await failure('POST /api/v1/files/folders', created);
  const { id: folderId } = (await created.json()) as { id: string };
  let next = 0;
  // A few at a time: as fast as the server takes them, without measuring anything yet.
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const form = new FormData();
      form.set('folderId', folderId);
      const name = `Dokument ${String(index).padStart(4, '0')}.txt`;
      form.set('file', new Blob([`Fil nummer ${index}\n`], { type: 'text/plain' }), name);
      const response = await fetch(`${ctx.baseUrl}${FILE_SIMPLE_UPLOAD_PATH}`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      if (response.status !== 201) throw await failure(`POST ${FILE_SIMPLE_UPLOAD_PATH}`, response);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return folderId;
}
