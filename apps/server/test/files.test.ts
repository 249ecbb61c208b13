/**
 * The file archive (issue 12; docs/decisions/020-files.md): resumable uploads over tus, small
 * files in one multipart request, folders, listing, downloads, quota, and that nothing is ever
 * left in the store that no row names. Every test runs on SQLite and PostgreSQL, each with the
 * disk store and with S3 (s3rver).
 */
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILE_LIST_MAX_RESULTS_MAX,
  FOLDER_DEPTH_MAX,
  PROBLEM_CONTENT_TYPE,
  type FileList,
  type FileUsage,
  type Folder,
  type StoredFile,
} from '@tun/shared';
import { nowIso } from '../src/db/database';
import { sweepExpiredUploads } from '../src/modules/files/uploads.service';
import { createPerson, createSchool, login, setupSchool } from './factories';
import {
  createFilesTestApp,
  download,
  elfBytes,
  md5Base64,
  pdfBytes,
  sha256,
  STORES,
  TUS,
  tusCreate,
  tusPatch,
  tusUpload,
  uploadSmall,
  type FilesTestApp,
} from './files-factories';
import { dialects } from './helper';

const KB = 1024;
const MB = 1024 * KB;

const COMBINATIONS = dialects().flatMap((dialect) => STORES.map((store) => [dialect, store] as const));

describe.each(COMBINATIONS)('the file archive on %s with the %s store', (dialect, store) => {
  let t: FilesTestApp;
  let schoolId: string;
  let adminId: string;
  let admin: string;
  let teacher: string;
  let student: string;
  let otherSchoolId: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createFilesTestApp(dialect, store, { FILE_SIZE_LIMIT_MB: '2', FILE_QUOTA_MB: '1024' });
    ({ schoolId, adminId, adminCookie: admin } = await setupSchool(t));
    teacher = await login(t, (await createPerson(t, schoolId, { roles: ['teacher'], login: true })).email);
    student = await login(t, (await createPerson(t, schoolId, { roles: [], login: true })).email);
    otherSchoolId = await createSchool(t);
    otherAdmin = await login(
      t,
      (await createPerson(t, otherSchoolId, { roles: ['admin'], login: true })).email,
    );
  });
  afterAll(() => t.close());

  const keys = () => t.ctx.storage.keys();
  const api = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, cookie, ...(payload ? { payload } : {}) });
  const db = () => t.ctx.database.db;

  async function folder(name: string, parentId: string | null = null, cookie = admin): Promise<Folder> {
    const response = await api(cookie, 'POST', '/api/v1/files/folders', { name, parentId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Folder>();
  }

  async function list(query: Record<string, string> = {}, cookie = admin) {
    const response = await t.request({ method: 'GET', url: '/api/v1/files', query, cookie });
    return response;
  }

  async function uploadRows() {
    return db().selectFrom('file_upload').select(['id', 'name']).execute();
  }

  function expectProblem(
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    status: number,
    code: string,
  ) {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toContain(PROBLEM_CONTENT_TYPE);
    expect((response.json() as { code: string }).code).toBe(code);
  }

  describe('resumable uploads (tus)', () => {
    it('stores an upload sent in two PATCH requests; the download has the same SHA-256', async () => {
      const bytes = pdfBytes(600 * KB);
      const created = await tusCreate(t, admin, { name: 'Timeplan høst.pdf', length: bytes.length });
      expect(created.statusCode).toBe(201);
      const location = created.headers.location as string;
      expect(location).toMatch(/^\/api\/v1\/files\/uploads\/[\w-]+$/);

      const first = await tusPatch(t, admin, location, 0, bytes.subarray(0, 300 * KB));
      expect(first.statusCode).toBe(204);
      expect(first.headers['upload-offset']).toBe(String(300 * KB));
      expect(first.headers['tun-file-id']).toBeUndefined();
      const second = await tusPatch(t, admin, location, 300 * KB, bytes.subarray(300 * KB));
      expect(second.statusCode).toBe(204);
      const fileId = second.headers['tun-file-id'] as string;
      expect(fileId).toBeTruthy();

      const meta = (await api(admin, 'GET', `/api/v1/files/${fileId}`)).json<StoredFile>();
      expect(meta).toMatchObject({
        id: fileId,
        name: 'Timeplan høst.pdf',
        fullPath: 'Timeplan høst.pdf',
        folderId: null,
        bucket: schoolId,
        size: bytes.length,
        contentType: 'application/pdf',
        md5Hash: md5Base64(bytes),
        metageneration: '1',
        hasThumbnail: false,
        uploadedBy: { id: adminId, name: 'Astrid Rektor' },
        policies: { change: true },
      });

      const got = await download(t, admin, fileId);
      expect(got.statusCode).toBe(200);
      expect(sha256(got.rawPayload)).toBe(sha256(bytes));
      expect(got.headers['content-length']).toBe(String(bytes.length));
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-disposition']).toBe(
        `attachment; filename="Timeplan host.pdf"; filename*=UTF-8''Timeplan%20h%C3%B8st.pdf`,
      );
      expect(got.headers.etag).toBe(`"${md5Base64(bytes)}"`);
      // Finished: no upload row is left, and the upload cannot be continued or asked about.
      expect(await uploadRows()).toEqual([]);
      const head = await t.request({ method: 'HEAD', url: location, cookie: admin, headers: TUS });
      expect(head.statusCode).toBe(404);
    });

    it('goes on after an interrupted PATCH from the offset HEAD gives', async () => {
      const base = t.app.server.listening
        ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
      const bytes = pdfBytes(1536 * KB);
      const created = await tusCreate(t, admin, { name: 'avbrutt.pdf', length: bytes.length });
      const location = created.headers.location as string;

      // A PATCH that promises every byte, sends 700 KB and loses its connection.
      await new Promise<void>((resolve) => {
        const request = httpRequest(`${base}${location}`, {
          method: 'PATCH',
          headers: {
            ...TUS,
            cookie: admin,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(bytes.length),
          },
        });
        request.on('error', () => resolve());
        request.on('response', () => resolve());
        request.write(bytes.subarray(0, 700 * KB), () => {
          setTimeout(() => {
            request.destroy();
            resolve();
          }, 300);
        });
      });

      // What arrived is kept; HEAD says how much (once the interrupted request has let go).
      let offset = -1;
      for (let tries = 0; tries < 50; tries += 1) {
        const head = await t.request({ method: 'HEAD', url: location, cookie: admin, headers: TUS });
        expect(head.statusCode).toBe(200);
        expect(head.headers['upload-length']).toBe(String(bytes.length));
        const now = Number(head.headers['upload-offset']);
        if (now === offset) break;
        offset = now;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(700 * KB);

      const rest = await tusPatch(t, admin, location, offset, bytes.subarray(offset));
      expect(rest.statusCode, rest.body).toBe(204);
      const fileId = rest.headers['tun-file-id'] as string;
      const got = await download(t, admin, fileId);
      expect(sha256(got.rawPayload)).toBe(sha256(bytes));
    });

    it('refuses a deferred length and a file over the size limit before storing anything', async () => {
      const before = await keys();
      const deferred = await t.request({
        method: 'POST',
        url: '/api/v1/files/uploads',
        cookie: admin,
        headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': `filename ${btoa('a.pdf')}` },
      });
      expectProblem(deferred, 400, 'upload-length-required');
      const tooLarge = await tusCreate(t, admin, { name: 'stor.pdf', length: 2 * MB + 1 });
      expectProblem(tooLarge, 413, 'file-too-large');
      const unnamed = await t.request({
        method: 'POST',
        url: '/api/v1/files/uploads',
        cookie: admin,
        headers: { ...TUS, 'upload-length': '10' },
      });
      expectProblem(unnamed, 400, 'validation-failed');
      // Not tus at all, and tus's own refusals: problems too.
      const plain = await t.request({
        method: 'POST',
        url: '/api/v1/files/uploads',
        cookie: admin,
        payload: {},
      });
      expectProblem(plain, 400, 'bad-request');
      expect(await keys()).toEqual(before);
      expect(await uploadRows()).toEqual([]);

      const created = await tusCreate(t, admin, { name: 'forskjøvet.pdf', length: 20 });
      const location = created.headers.location as string;
      const skipped = await tusPatch(t, admin, location, 10, Buffer.alloc(10));
      expectProblem(skipped, 409, 'conflict');
      const untyped = await t.request({
        method: 'PATCH',
        url: location,
        cookie: admin,
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/json' },
        payload: {},
      });
      expectProblem(untyped, 400, 'bad-request');
      expect(
        (await t.request({ method: 'DELETE', url: location, cookie: admin, headers: TUS })).statusCode,
      ).toBe(204);
    });

    it('refuses a program by its content after the last byte: 415, and no object is left', async () => {
      const before = await keys();
      const { last, fileId } = await tusUpload(t, admin, elfBytes(300 * KB), {
        name: 'rapport.pdf',
        chunk: 200 * KB,
      });
      expectProblem(last, 415, 'file-type-refused');
      expect(fileId).toBeUndefined();
      expect(await keys()).toEqual(before);
      expect(await uploadRows()).toEqual([]);
      expect(await db().selectFrom('file').select('id').where('name', '=', 'rapport.pdf').execute()).toEqual(
        [],
      );
    });

    it('numbers a name that is taken in the folder: «navn (2).pdf»', async () => {
      const target = await folder('Skjemaer');
      const names: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { fileId } = await tusUpload(t, admin, pdfBytes(10 * KB), {
          name: 'Påmelding.pdf',
          folderId: target.id,
        });
        names.push((await api(admin, 'GET', `/api/v1/files/${fileId}`)).json<StoredFile>().name);
      }
      const small = await uploadSmall(
        t,
        admin,
        { name: 'PÅMELDING.pdf', bytes: pdfBytes(KB) },
        { folderId: target.id },
      );
      expect(names).toEqual(['Påmelding.pdf', 'Påmelding (2).pdf', 'Påmelding (3).pdf']);
      expect(small.file?.name).toBe('PÅMELDING (4).pdf');
      expect(small.file?.fullPath).toBe('Skjemaer/PÅMELDING (4).pdf');
    });

    it('lets only the uploader continue, ask about or cancel an upload; cancelling leaves nothing', async () => {
      const before = await keys();
      const created = await tusCreate(t, admin, { name: 'halv.pdf', length: 400 * KB });
      const location = created.headers.location as string;
      const bytes = pdfBytes(400 * KB);
      expect((await tusPatch(t, admin, location, 0, bytes.subarray(0, 100 * KB))).statusCode).toBe(204);

      for (const cookie of [teacher, otherAdmin]) {
        const head = await t.request({ method: 'HEAD', url: location, cookie, headers: TUS });
        expect(head.statusCode).toBe(404);
        expectProblem(
          await tusPatch(t, cookie, location, 100 * KB, bytes.subarray(100 * KB)),
          404,
          'object-not-found',
        );
        const cancel = await t.request({ method: 'DELETE', url: location, cookie, headers: TUS });
        expectProblem(cancel, 404, 'object-not-found');
      }
      const still = await t.request({ method: 'HEAD', url: location, cookie: admin, headers: TUS });
      expect(still.headers['upload-offset']).toBe(String(100 * KB));

      const cancelled = await t.request({ method: 'DELETE', url: location, cookie: admin, headers: TUS });
      expect(cancelled.statusCode).toBe(204);
      expect(await keys()).toEqual(before);
      expect(await uploadRows()).toEqual([]);
      expect(
        (await t.request({ method: 'HEAD', url: location, cookie: admin, headers: TUS })).statusCode,
      ).toBe(404);
    });

    it('removes expired unfinished uploads and their bytes with the sweep', async () => {
      const before = await keys();
      const bytes = pdfBytes(300 * KB);
      const created = await tusCreate(t, teacher, { name: 'glemt.pdf', length: bytes.length });
      const location = created.headers.location as string;
      await tusPatch(t, teacher, location, 0, bytes.subarray(0, 120 * KB));
      const untouched = await tusCreate(t, teacher, { name: 'aldri startet.pdf', length: bytes.length });
      expect(untouched.statusCode).toBe(201);
      expect(await uploadRows()).toHaveLength(2);

      // Not yet expired: the sweep keeps them.
      expect(await sweepExpiredUploads(t.ctx)).toBe(0);
      const later = Date.now() + t.ctx.config.files.uploadExpiryMs + 1000;
      expect(await sweepExpiredUploads(t.ctx, later)).toBe(2);
      expect(await keys()).toEqual(before);
      expect(await uploadRows()).toEqual([]);
      expect(
        (await t.request({ method: 'HEAD', url: location, cookie: teacher, headers: TUS })).statusCode,
      ).toBe(404);
    });
  });

  describe('small files in one request', () => {
    it('stores a file of up to 256 KB sent as multipart, naming it in Tun-File-Id', async () => {
      const bytes = pdfBytes(256 * KB);
      const { response, file } = await uploadSmall(
        t,
        teacher,
        { name: 'Referat.pdf', bytes },
        { kilde: 'skanner' },
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['tun-file-id']).toBe(file!.id);
      expect(file).toMatchObject({ name: 'Referat.pdf', size: bytes.length, md5Hash: md5Base64(bytes) });
      expect(file!.customMetadata).toEqual({ kilde: 'skanner' });
      expect(sha256((await download(t, student, file!.id)).rawPayload)).toBe(sha256(bytes));
    });

    it('refuses 300 KB in one request with 413, telling to upload it resumably; nothing is stored', async () => {
      const before = await keys();
      const { response } = await uploadSmall(t, admin, { name: 'for-stor.pdf', bytes: pdfBytes(300 * KB) });
      expectProblem(response, 413, 'file-too-large');
      expect(response.json<{ detail: string }>().detail).toContain('gjenopptakbar');
      expect(await keys()).toEqual(before);
    });

    it('refuses a program in one request too (415), whatever its name', async () => {
      const before = await keys();
      const { response } = await uploadSmall(t, admin, {
        name: 'bilde.jpg',
        type: 'image/jpeg',
        bytes: elfBytes(),
      });
      expectProblem(response, 415, 'file-type-refused');
      const script = await uploadSmall(t, admin, {
        name: 'oppsett.bat',
        bytes: Buffer.from('@echo off\r\n'),
      });
      expectProblem(script.response, 415, 'file-type-refused');
      expect(await keys()).toEqual(before);
    });

    it('rewrites a photo without its location and makes a preview, for both ways of uploading', async () => {
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c87828' } })
        .jpeg()
        .withExif({
          IFD0: { Make: 'Tun', Model: 'Testkamera' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '61/1 36/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '5/1 48/1 0/1',
          },
        })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const before = await keys();
      const resumable = await tusUpload(t, admin, photo, { name: 'tur.jpg', type: 'image/jpeg' });
      const small = await uploadSmall(t, admin, { name: 'tur2.jpg', type: 'image/jpeg', bytes: photo });
      for (const fileId of [resumable.fileId!, small.file!.id]) {
        const meta = (await api(admin, 'GET', `/api/v1/files/${fileId}`)).json<StoredFile>();
        expect(meta).toMatchObject({ contentType: 'image/jpeg', hasThumbnail: true });
        const got = await download(t, admin, fileId);
        expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
        expect(md5Base64(got.rawPayload)).toBe(meta.md5Hash);
        expect(meta.size).toBe(got.rawPayload.length);
        const thumbnail = await t.request({
          method: 'GET',
          url: `/api/v1/files/${fileId}/thumbnail`,
          cookie: student,
        });
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.headers['content-type']).toBe('image/webp');
        const info = await sharp(thumbnail.rawPayload).metadata();
        expect(Math.max(info.width!, info.height!)).toBeLessThanOrEqual(256);
      }
      // Each photo keeps two objects, its bytes and its preview; the upload's original is gone.
      const added = (await keys()).filter((key) => !before.includes(key));
      expect(added).toHaveLength(4);
      expect(added.some((key) => key.startsWith(resumable.location.split('/').pop()!))).toBe(false);

      const pdf = await uploadSmall(t, admin, { name: 'uten-bilde.pdf', bytes: pdfBytes(KB) });
      expectProblem(
        await api(admin, 'GET', `/api/v1/files/${pdf.file!.id}/thumbnail`),
        404,
        'object-not-found',
      );
    });
  });

  describe('the quota', () => {
    it('counts unfinished uploads at their full size and refuses what does not fit (402), storing nothing', async () => {
      const quotaApp = await createFilesTestApp(dialect, store, {
        FILE_SIZE_LIMIT_MB: '2',
        FILE_QUOTA_MB: '3',
      });
      try {
        const { adminCookie } = await setupSchool(quotaApp);
        const usage = async () =>
          (
            await quotaApp.request({ method: 'GET', url: '/api/v1/files/usage', cookie: adminCookie })
          ).json<FileUsage>();
        expect(await usage()).toEqual({ used: 0, quota: 3 * MB, fileSizeLimit: 2 * MB });
        const kept = await uploadSmall(quotaApp, adminCookie, { name: 'a.pdf', bytes: pdfBytes(200 * KB) });
        expect(kept.response.statusCode).toBe(201);
        const promised = await tusCreate(quotaApp, adminCookie, { name: 'b.pdf', length: 2 * MB });
        expect(promised.statusCode).toBe(201);
        const more = await tusCreate(quotaApp, adminCookie, { name: 'b2.pdf', length: 800 * KB });
        expect(more.statusCode).toBe(201);
        expect((await usage()).used).toBe(200 * KB + 2 * MB + 800 * KB);

        // 24 KB are left.
        const before = await quotaApp.ctx.storage.keys();
        const refused = await tusCreate(quotaApp, adminCookie, { name: 'c.pdf', length: MB });
        expectProblem(refused, 402, 'quota-exceeded');
        const over = await uploadSmall(quotaApp, adminCookie, { name: 'e.pdf', bytes: pdfBytes(100 * KB) });
        expectProblem(over.response, 402, 'quota-exceeded');
        const small = await uploadSmall(quotaApp, adminCookie, { name: 'd.pdf', bytes: pdfBytes(20 * KB) });
        expect(small.response.statusCode).toBe(201);
        const after = await quotaApp.ctx.storage.keys();
        expect(after.filter((key) => !before.includes(key))).toEqual([small.file!.id]);
        expect(await quotaApp.ctx.database.db.selectFrom('file_upload').select('id').execute()).toHaveLength(
          2,
        );

        // Cancelling the unfinished upload gives its room back.
        const location = promised.headers.location as string;
        await quotaApp.request({ method: 'DELETE', url: location, cookie: adminCookie, headers: TUS });
        expect((await usage()).used).toBe(220 * KB + 800 * KB);
        expect((await tusCreate(quotaApp, adminCookie, { name: 'c.pdf', length: MB })).statusCode).toBe(201);
      } finally {
        await quotaApp.close();
      }
    });
  });

  describe('folders', () => {
    it('creates, renames and moves folders; names are unique in a folder ignoring case', async () => {
      const trips = await folder('Bilder fra turer');
      const autumn = await folder('Høsttur', trips.id);
      expect(autumn).toMatchObject({
        parentId: trips.id,
        fullPath: 'Bilder fra turer/Høsttur',
        fileCount: 0,
        folderCount: 0,
      });

      const clash = await api(admin, 'POST', '/api/v1/files/folders', {
        name: 'bilder FRA turer',
        parentId: null,
      });
      expectProblem(clash, 409, 'conflict');
      expect(clash.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('body.name');
      // The same name in another folder is another folder.
      await folder('Høsttur');

      const renamed = await api(admin, 'PATCH', `/api/v1/files/folders/${autumn.id}`, {
        name: 'Høsttur 2026',
      });
      expect(renamed.json<Folder>().fullPath).toBe('Bilder fra turer/Høsttur 2026');
      const moved = await api(admin, 'PATCH', `/api/v1/files/folders/${autumn.id}`, { parentId: null });
      expect(moved.json<Folder>()).toMatchObject({ parentId: null, fullPath: 'Høsttur 2026' });
      const taken = await api(admin, 'PATCH', `/api/v1/files/folders/${autumn.id}`, { name: 'HØSTTUR' });
      expectProblem(taken, 409, 'conflict');
      const nowhere = await api(admin, 'PATCH', `/api/v1/files/folders/${autumn.id}`, {
        parentId: crypto.randomUUID(),
      });
      expectProblem(nowhere, 400, 'validation-failed');
      const named = await api(admin, 'POST', '/api/v1/files/folders', { name: 'a/b', parentId: null });
      expectProblem(named, 400, 'validation-failed');
    });

    it('refuses to move a folder into itself or a folder inside it', async () => {
      const outer = await folder('Ytre');
      const inner = await folder('Indre', outer.id);
      const innermost = await folder('Innerst', inner.id);
      for (const parentId of [outer.id, inner.id, innermost.id]) {
        const response = await api(admin, 'PATCH', `/api/v1/files/folders/${outer.id}`, { parentId });
        expectProblem(response, 409, 'folder-into-itself');
      }
    });

    it(`refuses folders more than ${FOLDER_DEPTH_MAX} levels deep, also by moving`, async () => {
      let parentId: string | null = null;
      const chain: Folder[] = [];
      for (let depth = 1; depth <= FOLDER_DEPTH_MAX; depth += 1) {
        chain.push(await folder(`Nivå ${depth}`, parentId));
        parentId = chain.at(-1)!.id;
      }
      const deeper = await api(admin, 'POST', '/api/v1/files/folders', { name: 'For dypt', parentId });
      expectProblem(deeper, 400, 'folder-too-deep');
      const branch = await folder('Gren');
      await folder('Kvist', branch.id);
      const move = await api(admin, 'PATCH', `/api/v1/files/folders/${branch.id}`, {
        parentId: chain.at(-2)!.id,
      });
      expectProblem(move, 400, 'folder-too-deep');
    });

    it('deletes only an empty folder unless recursive; recursive leaves no byte of what was inside', async () => {
      const before = await keys();
      const top = await folder('Gammelt');
      const inside = await folder('Enda eldre', top.id);
      await uploadSmall(t, admin, { name: 'x.pdf', bytes: pdfBytes(KB) }, { folderId: top.id });
      await tusUpload(t, admin, pdfBytes(300 * KB), { name: 'y.pdf', folderId: inside.id, chunk: 100 * KB });
      const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      await uploadSmall(t, admin, { name: 'z.png', bytes: photo }, { folderId: inside.id });
      // An upload still arriving into the folder is cancelled with it.
      const pending = await tusCreate(t, teacher, { name: 'w.pdf', folderId: inside.id, length: 300 * KB });
      await tusPatch(t, teacher, pending.headers.location as string, 0, pdfBytes(100 * KB));
      expect((await keys()).length).toBeGreaterThan(before.length);

      expectProblem(await api(admin, 'DELETE', `/api/v1/files/folders/${top.id}`), 409, 'folder-not-empty');
      const deleted = await api(admin, 'DELETE', `/api/v1/files/folders/${top.id}?recursive=true`);
      expect(deleted.statusCode).toBe(204);
      expect(await keys()).toEqual(before);
      expect(await uploadRows()).toEqual([]);
      expectProblem(await list({ folderId: inside.id }), 404, 'object-not-found');
      const empty = await folder('Tom');
      expect((await api(admin, 'DELETE', `/api/v1/files/folders/${empty.id}`)).statusCode).toBe(204);
    });
  });

  describe('files', () => {
    it('renames and moves a file; a name taken in the target folder is 409 with a field error', async () => {
      const target = await folder('Arkiv');
      const a = (await uploadSmall(t, admin, { name: 'plan.pdf', bytes: pdfBytes(KB) })).file!;
      const b = (
        await uploadSmall(t, admin, { name: 'plan.pdf', bytes: pdfBytes(KB) }, { folderId: target.id })
      ).file!;

      const clash = await api(admin, 'PATCH', `/api/v1/files/${a.id}`, { folderId: target.id });
      expectProblem(clash, 409, 'conflict');
      expect(clash.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('body.name');
      const renamedClash = await api(admin, 'PATCH', `/api/v1/files/${b.id}`, { name: 'Plan.PDF' });
      expect(renamedClash.statusCode).toBe(200); // its own name in another case is not taken

      const moved = await api(admin, 'PATCH', `/api/v1/files/${a.id}`, {
        name: 'plan-2026.pdf',
        folderId: target.id,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<StoredFile>()).toMatchObject({
        name: 'plan-2026.pdf',
        folderId: target.id,
        fullPath: 'Arkiv/plan-2026.pdf',
        metageneration: '2',
        md5Hash: a.md5Hash,
        generation: a.generation,
      });
      const again = await api(admin, 'PATCH', `/api/v1/files/${a.id}`, {});
      expectProblem(again, 400, 'validation-failed');
    });

    it('deletes a file and its bytes', async () => {
      const before = await keys();
      const { fileId } = await tusUpload(t, admin, pdfBytes(300 * KB), {
        name: 'slettes.pdf',
        chunk: 150 * KB,
      });
      expect((await api(admin, 'DELETE', `/api/v1/files/${fileId}`)).statusCode).toBe(204);
      expect(await keys()).toEqual(before);
      expectProblem(await api(admin, 'GET', `/api/v1/files/${fileId}`), 404, 'object-not-found');
      expectProblem(await api(admin, 'DELETE', `/api/v1/files/${fileId}`), 404, 'object-not-found');
    });
  });

  describe('listing', () => {
    it('lists a folder with its ancestors, its folders and what the user may do', async () => {
      const forms = await folder('Blanketter');
      const year = await folder('2026', forms.id);
      const spring = await folder('Vår', year.id);
      await folder('Høst', year.id);
      await uploadSmall(t, admin, { name: 'søknad.pdf', bytes: pdfBytes(KB) }, { folderId: year.id });

      const page = (await list({ folderId: year.id }, student)).json<FileList>();
      expect(page.folder).toMatchObject({
        id: year.id,
        fullPath: 'Blanketter/2026',
        fileCount: 1,
        folderCount: 2,
      });
      expect(page.ancestors.map((row) => row.name)).toEqual(['Blanketter']);
      expect(page.folders.map((row) => row.name)).toEqual(['Høst', 'Vår']);
      expect(page.items.map((row) => row.fullPath)).toEqual(['Blanketter/2026/søknad.pdf']);
      expect(page.items[0]!.policies).toEqual({ change: false });
      expect(page.folder!.policies).toEqual({ change: false });
      const asTeacher = (await list({ folderId: spring.id }, teacher)).json<FileList>();
      expect(asTeacher.folder!.policies).toEqual({ change: true });
      expect(asTeacher.ancestors.map((row) => row.name)).toEqual(['Blanketter', '2026']);
    });

    it('searches by name in the whole archive', async () => {
      const deep = await folder('Dypt nede');
      await uploadSmall(
        t,
        admin,
        { name: 'Hemmelig_oppskrift 100%.pdf', bytes: pdfBytes(KB) },
        { folderId: deep.id },
      );
      const found = (await list({ q: 'OPPSKRIFT 100%' })).json<FileList>();
      expect(found.items.map((row) => row.fullPath)).toEqual(['Dypt nede/Hemmelig_oppskrift 100%.pdf']);
      expect(found.folder).toBeNull();
      expect(found.folders).toEqual([]);
      // Wildcards in the search are the characters themselves.
      expect((await list({ q: '_%' })).json<FileList>().items).toEqual([]);
    });

    it('refuses maxResults 0 and 1001 with the shared message', async () => {
      for (const maxResults of ['0', String(FILE_LIST_MAX_RESULTS_MAX + 1)]) {
        const response = await list({ maxResults });
        expectProblem(response, 400, 'validation-failed');
        expect(response.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual(
          expect.objectContaining({
            path: 'querystring.maxResults',
            message: 'maxResults må være mellom 1 og 1000.',
          }),
        );
      }
    });

    it('pages through 250 files 100 at a time, each once, in order; a token of another listing is refused', async () => {
      const many = await folder('Mange');
      const now = nowIso();
      const rows = Array.from({ length: 250 }, (_, i) => {
        const name = `Fil ${String(i).padStart(3, '0')}.txt`;
        return {
          id: crypto.randomUUID(),
          school_id: schoolId,
          folder_id: many.id,
          name,
          name_key: name.toLowerCase(),
          // Sizes repeat, so that equal sizes are ordered by name.
          size: (i * 7) % 50,
          content_type: 'text/plain',
          md5_hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
          generation: '1',
          metageneration: 1,
          custom_metadata: '{}',
          storage_key: `paging-${i}`,
          has_thumbnail: 0,
          uploaded_by: null,
          created_at: now,
          updated_at: now,
        };
      });
      await db().insertInto('file').values(rows).execute();

      for (const [sort, order, expected] of [
        ['name', 'asc', rows.map((row) => row.name)],
        [
          'size',
          'desc',
          [...rows]
            .sort((a, b) => b.size - a.size || (a.name_key < b.name_key ? 1 : -1))
            .map((row) => row.name),
        ],
      ] as const) {
        const seen: string[] = [];
        let pageToken: string | null = null;
        let pages = 0;
        do {
          const query: Record<string, string> = { folderId: many.id, sort, order, maxResults: '100' };
          if (pageToken) query.pageToken = pageToken;
          const page = (await list(query)).json<FileList>();
          expect(page.items.length).toBeLessThanOrEqual(100);
          if (pages > 0) expect(page.folders).toEqual([]);
          seen.push(...page.items.map((row) => row.name));
          pageToken = page.nextPageToken;
          pages += 1;
        } while (pageToken);
        expect(pages).toBe(3);
        expect(seen).toEqual(expected);
      }

      const first = (await list({ folderId: many.id, maxResults: '100' })).json<FileList>();
      const elsewhere = await list({ maxResults: '100', pageToken: first.nextPageToken! });
      expectProblem(elsewhere, 400, 'validation-failed');
      const forged = Buffer.from(JSON.stringify({ b: 'x', v: ['a', 'b'] })).toString('base64url');
      expectProblem(await list({ folderId: many.id, pageToken: forged }), 400, 'validation-failed');
      expectProblem(await list({ folderId: many.id, pageToken: 'ikke base64 {' }), 400, 'validation-failed');
      await db().deleteFrom('file').where('folder_id', '=', many.id).execute();
    });
  });

  describe('downloads', () => {
    let fileId: string;
    let bytes: Buffer;
    beforeAll(async () => {
      bytes = pdfBytes(100 * KB);
      fileId = (await uploadSmall(t, admin, { name: 'intervall.pdf', bytes })).file!.id;
    });

    it('answers one byte range with 206 and a range past the end with 416', async () => {
      const part = await download(t, student, fileId, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

      const tail = await download(t, student, fileId, { range: 'bytes=-10' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
      const open = await download(t, student, fileId, { range: `bytes=${bytes.length - 5}-` });
      expect(open.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);

      const past = await download(t, student, fileId, { range: `bytes=${bytes.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(past.body).toBe('');
      // Several ranges are not served as such: the whole file comes.
      const several = await download(t, student, fileId, { range: 'bytes=0-1,5-6' });
      expect(several.statusCode).toBe(200);
      expect(several.rawPayload.length).toBe(bytes.length);
      // A range of an older version (If-Range) gets the whole file.
      const stale = await download(t, student, fileId, { range: 'bytes=0-9', 'if-range': '"gammel"' });
      expect(stale.statusCode).toBe(200);
    });

    it('answers 304 to If-None-Match with the ETag', async () => {
      const first = await download(t, student, fileId);
      const etag = first.headers.etag as string;
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await download(t, student, fileId, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await download(t, student, fileId, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
      expect((await download(t, student, fileId, { 'if-none-match': '"annen"' })).statusCode).toBe(200);
    });

    it('shows images and PDFs inline only when asked, anything else always as an attachment', async () => {
      const inline = await t.request({
        method: 'GET',
        url: `/api/v1/files/${fileId}/content?inline=1`,
        cookie: student,
      });
      expect(inline.headers['content-disposition']).toMatch(/^inline; /);
      expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
      const text = (
        await uploadSmall(t, admin, {
          name: 'side.html',
          bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        })
      ).file!;
      expect(text.contentType).toBe('text/plain');
      const forced = await t.request({
        method: 'GET',
        url: `/api/v1/files/${text.id}/content?inline=1`,
        cookie: student,
      });
      expect(forced.headers['content-disposition']).toMatch(/^attachment; /);
      expect(forced.headers['content-type']).toBe('text/plain');
      expect(forced.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers HEAD with the headers and no bytes', async () => {
      const head = await t.request({
        method: 'HEAD',
        url: `/api/v1/files/${fileId}/content`,
        cookie: student,
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.rawPayload.length).toBe(0);
    });
  });

  describe('who may do what', () => {
    it('lets a student list and download, and refuses every write with 403, storing nothing', async () => {
      const place = await folder('Elevene ser');
      const file = (
        await uploadSmall(t, admin, { name: 'les.pdf', bytes: pdfBytes(KB) }, { folderId: place.id })
      ).file!;
      expect((await list({ folderId: place.id }, student)).statusCode).toBe(200);
      expect((await download(t, student, file.id)).statusCode).toBe(200);
      expect((await api(student, 'GET', '/api/v1/files/usage')).statusCode).toBe(200);

      const before = await keys();
      const rowsBefore = await uploadRows();
      const writes = [
        await tusCreate(t, student, { name: 'elev.pdf', length: 10 }),
        (await uploadSmall(t, student, { name: 'elev.pdf', bytes: pdfBytes(KB) })).response,
        await api(student, 'POST', '/api/v1/files/folders', { name: 'Elevmappe', parentId: null }),
        await api(student, 'PATCH', `/api/v1/files/folders/${place.id}`, { name: 'Ny' }),
        await api(student, 'DELETE', `/api/v1/files/folders/${place.id}?recursive=true`),
        await api(student, 'PATCH', `/api/v1/files/${file.id}`, { name: 'ny.pdf' }),
        await api(student, 'DELETE', `/api/v1/files/${file.id}`),
      ];
      for (const response of writes) expectProblem(response, 403, 'forbidden');
      expect(await keys()).toEqual(before);
      expect(await uploadRows()).toEqual(rowsBefore);
    });

    it("answers 404 for another school's files, folders and uploads, and lists nothing of them", async () => {
      const place = await folder('Bare vår');
      const file = (
        await uploadSmall(t, admin, { name: 'vår.pdf', bytes: pdfBytes(KB) }, { folderId: place.id })
      ).file!;
      const created = await tusCreate(t, admin, { name: 'vår-opplasting.pdf', length: 300 * KB });
      const location = created.headers.location as string;

      const other = [
        await api(otherAdmin, 'GET', `/api/v1/files/${file.id}`),
        await download(t, otherAdmin, file.id),
        await api(otherAdmin, 'GET', `/api/v1/files/${file.id}/thumbnail`),
        await api(otherAdmin, 'PATCH', `/api/v1/files/${file.id}`, { name: 'tatt.pdf' }),
        await api(otherAdmin, 'DELETE', `/api/v1/files/${file.id}`),
        await list({ folderId: place.id }, otherAdmin),
        await api(otherAdmin, 'PATCH', `/api/v1/files/folders/${place.id}`, { name: 'Tatt' }),
        await api(otherAdmin, 'DELETE', `/api/v1/files/folders/${place.id}?recursive=true`),
        await t.request({ method: 'DELETE', url: location, cookie: otherAdmin, headers: TUS }),
      ];
      for (const response of other) expectProblem(response, 404, 'object-not-found');
      // Their own upload cannot land in our folder either.
      const into = await tusCreate(t, otherAdmin, { name: 'inn.pdf', folderId: place.id, length: 10 });
      expectProblem(into, 404, 'object-not-found');
      const theirs = (await list({}, otherAdmin)).json<FileList>();
      expect(theirs.items).toEqual([]);
      expect(theirs.folders).toEqual([]);
      expect((await api(otherAdmin, 'GET', '/api/v1/files/usage')).json<FileUsage>().used).toBe(0);
      expect((await api(admin, 'GET', `/api/v1/files/${file.id}`)).statusCode).toBe(200);
      await t.request({ method: 'DELETE', url: location, cookie: admin, headers: TUS });
    });
  });

  describe('audit, live and personal data', () => {
    it('audits upload, rename, move and delete, and announces each on the files topic', async () => {
      const place = await folder('Revisjon');
      const since = await db()
        .selectFrom('live_event')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const { fileId } = await tusUpload(t, teacher, pdfBytes(10 * KB), { name: 'spor.pdf' });
      await api(teacher, 'PATCH', `/api/v1/files/${fileId}`, { name: 'spor-2.pdf' });
      await api(teacher, 'PATCH', `/api/v1/files/${fileId}`, { folderId: place.id });
      await api(teacher, 'DELETE', `/api/v1/files/${fileId}`);
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'actor_person_id', 'after', 'before'])
        .where('entity', '=', 'file')
        .where('entity_id', '=', fileId!)
        .orderBy('at')
        .orderBy('action')
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual(['delete', 'move', 'rename', 'upload']);
      expect(new Set(audit.map((row) => row.actor_person_id)).size).toBe(1);
      const events = await db()
        .selectFrom('live_event')
        .select(['topic', 'ids'])
        .where('id', '>', Number(since.id ?? 0))
        .where('school_id', '=', schoolId)
        .execute();
      const announced = events
        .filter((event) => event.topic === 'files')
        .flatMap((event) => JSON.parse(event.ids) as string[]);
      expect(announced.filter((id) => id === fileId)).toHaveLength(4);
    });

    it("exports a person's uploads, forgets them on erasure and keeps the files", async () => {
      const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const cookie = await login(t, email);
      const kept = (await uploadSmall(t, cookie, { name: 'lærerens.pdf', bytes: pdfBytes(KB) })).file!;
      await tusCreate(t, cookie, { name: 'uferdig.pdf', length: 300 * KB });
      expect(kept.uploadedBy?.id).toBe(personId);

      const exported = await api(admin, 'GET', `/api/v1/people/${personId}/privacy-export`);
      expect(exported.statusCode).toBe(200);
      const data = JSON.parse(exported.body) as {
        filesUploaded: { id: string }[];
        unfinishedUploads: unknown[];
      };
      expect(data.filesUploaded.map((row) => row.id)).toEqual([kept.id]);
      expect(data.unfinishedUploads).toHaveLength(1);

      const erased = await api(admin, 'POST', `/api/v1/people/${personId}/erase`, {});
      expect(erased.statusCode).toBeLessThan(300);
      const after = (await api(admin, 'GET', `/api/v1/files/${kept.id}`)).json<StoredFile>();
      expect(after.uploadedBy).toBeNull();
      expect(after.md5Hash).toBe(kept.md5Hash);
      const orphaned = await db()
        .selectFrom('file_upload')
        .select('created_by')
        .where('name', '=', 'uferdig.pdf')
        .execute();
      expect(orphaned).toEqual([{ created_by: null }]);
      await sweepExpiredUploads(t.ctx, Date.now() + t.ctx.config.files.uploadExpiryMs + 1000);
    });

    it('counts an upload as history: the uploader is ended or erased, not deleted, and the files stay', async () => {
      const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const file = (await uploadSmall(t, await login(t, email), { name: 'blir.pdf', bytes: pdfBytes(KB) }))
        .file!;
      expectProblem(await api(admin, 'DELETE', `/api/v1/people/${personId}`), 409, 'person-has-history');
      const left = await t.request({
        method: 'PUT',
        url: `/api/v1/people/${personId}/left`,
        cookie: admin,
        payload: { leftOn: nowIso().slice(0, 10) },
      });
      expect(left.statusCode, left.body).toBe(200);
      expect((await api(admin, 'GET', `/api/v1/files/${file.id}`)).json<StoredFile>().uploadedBy?.id).toBe(
        personId,
      );
    });
  });
});
