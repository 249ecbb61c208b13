/**
 * One contract, two stores: the disk store and the S3 store against a real S3-compatible server
 * (s3rver, test/s3-server.ts) pass the same tests, so the files module can rely on either.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage, ObjectNotFoundError, type FileStorage } from '../src/storage';
import { startS3Server } from './s3-server';

/** Short enough to wait out in a test. */
const EXPIRY_MS = 400;
const MiB = 1024 * 1024;

interface StoreUnderTest {
  storage: FileStorage;
  close(): Promise<void>;
}

const stores: Record<'disk' | 's3', () => Promise<StoreUnderTest>> = {
  async disk() {
    const dataDir = mkdtempSync(join(tmpdir(), 'tun-storage-'));
    const storage = await createFileStorage({
      files: { storage: { kind: 'disk', dir: join(dataDir, 'files') }, uploadExpiryMs: EXPIRY_MS },
    });
    return {
      storage,
      async close() {
        await storage.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
  async s3() {
    const server = await startS3Server();
    const storage = await createFileStorage({
      files: {
        storage: {
          kind: 's3',
          endpoint: server.endpoint,
          bucket: server.bucket,
          region: 'us-east-1',
          accessKeyId: server.accessKeyId,
          secretAccessKey: server.secretAccessKey,
          forcePathStyle: true,
        },
        uploadExpiryMs: EXPIRY_MS,
      },
    });
    return {
      storage,
      async close() {
        await storage.close();
        await server.close();
      },
    };
  },
};

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function newUpload(id: string, size: number | undefined): Upload {
  return new Upload({ id, size, offset: 0, metadata: { filename: 'notat.pdf' } });
}

describe.each(['disk', 's3'] as const)('file storage on %s', (kind) => {
  let store: StoreUnderTest;
  let storage: FileStorage;

  beforeAll(async () => {
    store = await stores[kind]();
    storage = store.storage;
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    // Each test starts from an empty store and may count what it leaves.
    for (const key of await storage.keys()) await storage.remove(key.replace(/\.(json|info|part)$/, ''));
    expect(await storage.keys()).toEqual([]);
  });

  it('says which kind it is', () => {
    expect(storage.kind).toBe(kind);
  });

  it('stores bytes whole, reads them back whole or by range, and knows their size', async () => {
    const body = randomBytes(100_000);
    await storage.put('a1', body);
    expect(await storage.size('a1')).toBe(100_000);
    expect((await bytesOf(await storage.read('a1'))).equals(body)).toBe(true);
    expect(
      (await bytesOf(await storage.read('a1', { start: 10, end: 19 }))).equals(body.subarray(10, 20)),
    ).toBe(true);
    expect(
      (await bytesOf(await storage.read('a1', { start: 99_999, end: 99_999 }))).equals(body.subarray(99_999)),
    ).toBe(true);
    // A range running past the end stops at the end, as HTTP ranges do.
    expect((await bytesOf(await storage.read('a1', { start: 99_990, end: 200_000 }))).length).toBe(10);
  });

  it('replaces an object on put, and stores empty objects', async () => {
    await storage.put('a1', Buffer.from('first'));
    await storage.put('a1', Buffer.from('second, longer'));
    expect((await bytesOf(await storage.read('a1'))).toString()).toBe('second, longer');
    await storage.put('empty', Buffer.alloc(0));
    expect(await storage.size('empty')).toBe(0);
    expect(await storage.keys()).toEqual(['a1', 'empty']);
  });

  it('answers ObjectNotFoundError for a missing key, and removing one is no error', async () => {
    await expect(storage.read('missing')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.read('missing', { start: 0, end: 1 })).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.size('missing')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.remove('missing')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the store or pass for a sidecar', async () => {
    for (const key of ['../x', 'a/b', '.hidden', '', 'x.json', 'x.info', 'x.part']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
    }
    await storage.put('ok', Buffer.from('x'));
    await expect(storage.read('ok', { start: 5, end: 2 })).rejects.toThrow(RangeError);
  });

  it('lists every key and is empty again after removing them', async () => {
    const keys = ['f3', 'f1', 'f2.thumb', 'f2'];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    expect(await storage.keys()).toEqual(['f1', 'f2', 'f2.thumb', 'f3']);
    for (const key of keys) await storage.remove(key);
    expect(await storage.keys()).toEqual([]);
  });

  it('takes a resumable upload in several writes and keeps it as a readable object', async () => {
    // 12 MiB in writes of 3, 6 and 3 MiB: on S3 the first write is shorter than a part (kept
    // aside in `.part`), the second completes an 8 MiB part, the last one finishes the upload.
    const body = randomBytes(12 * MiB);
    const { datastore } = storage;
    await datastore.create(newUpload('up1', body.length));
    let offset = 0;
    for (const length of [3 * MiB, 6 * MiB, 3 * MiB]) {
      offset = await datastore.write(Readable.from([body.subarray(offset, offset + length)]), 'up1', offset);
      expect((await datastore.getUpload('up1')).offset).toBe(offset);
      if (kind === 's3') {
        // The tail short of a part waits in `.part` (3 MiB, then 1 MiB after the 8 MiB part).
        expect((await storage.keys()).includes('up1.part')).toBe(offset < body.length);
      }
    }
    const upload = await datastore.getUpload('up1');
    expect(upload).toMatchObject({
      size: body.length,
      offset: body.length,
      metadata: { filename: 'notat.pdf' },
    });
    expect(await storage.size('up1')).toBe(body.length);
    expect((await bytesOf(await storage.read('up1'))).equals(body)).toBe(true);
    const middle = { start: 3 * MiB - 5, end: 3 * MiB + 4 };
    expect(
      (await bytesOf(await storage.read('up1', middle))).equals(body.subarray(middle.start, middle.end + 1)),
    ).toBe(true);
    // Beside it: the upload's metadata (disk `.json`, S3 `.info`). Removing takes both.
    expect((await storage.keys()).filter((key) => key !== 'up1')).toHaveLength(1);
    await storage.remove('up1');
    expect(await storage.keys()).toEqual([]);
    await expect(datastore.getUpload('up1')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('leaves nothing behind when an unfinished upload is cancelled (tus DELETE)', async () => {
    const { datastore } = storage;
    await datastore.create(newUpload('up2', 10 * MiB));
    await datastore.write(Readable.from([randomBytes(MiB)]), 'up2', 0);
    expect((await storage.keys()).length).toBeGreaterThan(1);
    await datastore.remove('up2');
    expect(await storage.keys()).toEqual([]);
    // An id tus does not know is its 404.
    await expect(datastore.remove('up2')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('removes an unfinished upload through the storage too, before its first byte', async () => {
    await storage.datastore.create(newUpload('up3', 5 * MiB));
    await storage.remove('up3');
    expect(await storage.keys()).toEqual([]);
  });

  it('removes expired unfinished uploads with everything beside them, and keeps finished ones', async () => {
    const { datastore } = storage;
    await datastore.create(newUpload('done', 4));
    await datastore.write(Readable.from([Buffer.from('done')]), 'done', 0);
    await datastore.create(newUpload('halfway', 10 * MiB));
    await datastore.write(Readable.from([randomBytes(MiB)]), 'halfway', 0);
    await datastore.create(newUpload('unsized', undefined));
    await storage.put('thumb', Buffer.from('webp'));
    const before = await storage.keys();

    expect(await datastore.deleteExpired()).toBe(0); // not expired yet
    expect(await storage.keys()).toEqual(before);

    await new Promise((resolve) => setTimeout(resolve, EXPIRY_MS + 200));
    expect(await datastore.deleteExpired()).toBeGreaterThanOrEqual(2);
    const after = await storage.keys();
    expect(after.filter((key) => key.startsWith('halfway') || key.startsWith('unsized'))).toEqual([]);
    expect(after).toContain('done');
    expect(after).toContain('thumb');
    expect((await bytesOf(await storage.read('done'))).toString()).toBe('done');
    expect((await datastore.getUpload('done')).offset).toBe(4);
  });
});
