/**
 * What goes over the wire compressed and what does not: built assets as the build compressed
 * them, JSON answers compressed per request, file downloads and the live stream byte for byte.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, setupSchool } from './factories';
import { createFilesTestApp, download, uploadSmall, type FilesTestApp } from './files-factories';
import { dialects } from './helper';
import { openSse } from './sse-client';

/** A script as a build makes one: large, repetitive, and named by its hash. */
const SCRIPT = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i};`).join('\n');
const SCRIPT_PATH = 'assets/index-Ab12Cd34.js';

function builtWeb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tun-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tun</title><div id="root"></div>');
  writeFileSync(join(dir, SCRIPT_PATH), SCRIPT);
  writeFileSync(join(dir, `${SCRIPT_PATH}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, `${SCRIPT_PATH}.gz`), gzipSync(SCRIPT));
  return dir;
}

const varies = (header: unknown) =>
  String(header ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding');

describe.each(dialects())('compression on %s', (dialect) => {
  let t: FilesTestApp;
  let dist: string;
  let adminCookie: string;

  beforeAll(async () => {
    dist = builtWeb();
    t = await createFilesTestApp(dialect, 'disk', { WEB_DIST: dist });
    let schoolId: string;
    ({ adminCookie, schoolId } = await setupSchool(t));
    for (let i = 0; i < 12; i++) await createPerson(t, schoolId, { first: `Elev${i}` });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    t.request({
      method: 'GET',
      url: `/${SCRIPT_PATH}`,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a built asset as the build compressed it: brotli when accepted, else gzip, else plain', async () => {
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(varies(brotli.headers.vary)).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(varies(plain.headers.vary)).toBe(true);
  });

  it('compresses a JSON answer above 1 KB to the same JSON, and leaves a small one alone', async () => {
    const people = (acceptEncoding?: string) =>
      t.request({
        method: 'GET',
        url: '/api/v1/people',
        cookie: adminCookie,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await people();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await people('br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    // Asked for the first time, so made and not kept: compressed the same way as one kept.
    const firstAsked = await t.request({
      method: 'GET',
      url: '/api/v1/people?former=false',
      cookie: adminCookie,
      headers: { 'accept-encoding': 'br' },
    });
    expect(firstAsked.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(firstAsked.rawPayload).toString())).toEqual(plain.json());

    const gzip = await people('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const health = await t.request({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a kept answer once, in the encoding each client takes, to the same JSON', async () => {
    for (let day = 1; day <= 8; day++) {
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/calendar/events',
        cookie: adminCookie,
        payload: {
          name: `Kveldsforedrag om friluftsliv og turplanlegging på fjellet, del ${day}`,
          start: `2027-03-0${day}T17:00:00.000Z`,
          end: `2027-03-0${day}T18:30:00.000Z`,
          type: 'none',
          mandatory: false,
          roomUsed: null,
          groupsAttending: [],
        },
      });
      expect(created.statusCode).toBe(201);
    }
    const week = (acceptEncoding?: string) =>
      t.request({
        method: 'GET',
        url: '/api/v1/calendar?from=2027-03-01T00:00:00.000Z&to=2027-03-09T00:00:00.000Z',
        cookie: adminCookie,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    // Asked for the first time, so sent from its text: its length is counted in bytes, not letters.
    const plain = await week();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(plain.payload).toContain('turplanlegging på fjellet');

    const brotli = await week('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(varies(brotli.headers.vary)).toBe(true);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    // The same kept bytes for the next reader.
    expect((await week('br')).rawPayload.equals(brotli.rawPayload)).toBe(true);

    const gzip = await week('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect((await week('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('sends a file byte for byte, so its length, ETag and ranges hold', async () => {
    const text = Buffer.from('Husregler for internatet.\n'.repeat(400));
    const { file } = await uploadSmall(t, adminCookie, {
      name: 'husregler.txt',
      type: 'text/plain',
      bytes: text,
    });
    expect(file).toBeDefined();
    const whole = await download(t, adminCookie, file!.id, { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(text.length);
    expect(whole.rawPayload.equals(text)).toBe(true);

    const part = await download(t, adminCookie, file!.id, {
      'accept-encoding': 'br, gzip',
      range: 'bytes=0-99',
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(text.subarray(0, 100))).toBe(true);
  });

  it('writes the live stream uncompressed, so each event arrives as it is sent', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${base}/api/v1/live`, {
      cookie: adminCookie,
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(stream.status).toBe(200);
      await t.request({
        method: 'PATCH',
        url: '/api/v1/school',
        cookie: adminCookie,
        payload: { longName: `Fjordtun ${randomBytes(3).toString('hex')}` },
      });
      const message = await stream.next((m) => m.event !== undefined || m.data !== undefined);
      expect(JSON.parse(message.data!)).toMatchObject({ topic: 'school' });
    } finally {
      stream.close();
    }
  });
});
