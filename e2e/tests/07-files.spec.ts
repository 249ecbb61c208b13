import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Request, Route } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';
import { png } from '../images';

const KB = 1024;
const MB = 1024 * KB;
/** Over 256 KB, so it goes through tus; large enough for several chunks (256 KB, 512 KB, 1 MB …). */
const BIG_SIZE = 50 * MB;
/** The first two chunks, 256 KB and 512 KB: what the server holds when the third is held back. */
const TWO_CHUNKS = 256 * KB + 512 * KB;
const UPLOADS = '**/api/v1/files/uploads/**';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A one-page PDF that says «Hei Tun». */
const PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
  '4 0 obj << /Length 38 >> stream',
  'BT /F1 24 Tf 20 100 Td (Hei Tun) Tj ET',
  'endstream endobj',
  '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

/** Picks files through the page's own button and the browser's file dialog. */
async function chooseFiles(page: Page, button: Locator, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(paths);
}

/** Opens a row's action menu and picks an item. */
async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Handlinger for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('a teacher makes a folder, uploads a small and a large file, resumes the large one after a reload and gets the same bytes back', async ({
  teacher: { page },
}) => {
  // 50 MB up and down on a busy machine, and a reload in between.
  test.setTimeout(300_000);
  const id = unique();
  const FOLDER = `Skjemaer ${id}`;
  const SMALL = `logo-${id}.png`;
  const RENAMED = `skolelogo-${id}.png`;
  const BIG = `film-${id}.bin`;
  const dir = await mkdtemp(join(tmpdir(), 'tun-e2e-files-'));
  const smallPath = join(dir, SMALL);
  const bigPath = join(dir, BIG);
  await writeFile(smallPath, png(48, 48));
  // A plain text start, so random bytes cannot happen to look like a program or an image.
  const big = Buffer.concat([Buffer.from('Tun e2e: store bytes\n'), randomBytes(BIG_SIZE - 21)]);
  await writeFile(bigPath, big);

  try {
    await page.goto('/app/files');
    await expect(page.getByRole('heading', { level: 1, name: 'Filer' })).toBeVisible();
    await expectNoAxeViolations(page, '/app/files as a teacher');

    // A new folder, and into it.
    await page.getByRole('button', { name: 'Ny mappe' }).click();
    const newFolder = page.getByRole('dialog', { name: 'Ny mappe' });
    await newFolder.getByRole('textbox', { name: 'Navn' }).fill(FOLDER);
    await expectNoAxeViolations(page, 'new folder dialog');
    await newFolder.getByRole('button', { name: 'Opprett mappe' }).click();
    await expect(newFolder).toBeHidden();
    await page.getByRole('link', { name: FOLDER, exact: true }).click();
    await expect(page).toHaveURL(/\/app\/files\?folder=/);
    await expect(page.getByRole('navigation', { name: 'Mappesti' })).toContainText(FOLDER);

    // The small file goes as one multipart request.
    const uploadButton = page.getByRole('button', { name: 'Last opp filer' });
    const multipart = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/files',
    );
    await chooseFiles(page, uploadButton, [smallPath]);
    expect((await multipart).headers()['content-type']).toMatch(/^multipart\/form-data/);
    const uploads = page.getByRole('region', { name: 'Opplastinger' });
    await expect(uploads.getByRole('listitem').filter({ hasText: SMALL })).toContainText('Ferdig');
    await expect(page.getByRole('button', { name: SMALL, exact: true })).toBeVisible();

    // The large one goes by tus. The third chunk is held back, so the upload is surely under
    // way (two chunks on the server) and surely not done when it is paused.
    const held: Route[] = [];
    let patches = 0;
    await page.route(UPLOADS, async (route) => {
      if (route.request().method() === 'PATCH' && ++patches > 2) {
        held.push(route);
        return;
      }
      await route.continue();
    });
    await chooseFiles(page, uploadButton, [bigPath]);
    const bigRow = uploads.getByRole('listitem').filter({ hasText: BIG });
    const bigBar = uploads.getByRole('progressbar', { name: `Opplasting av ${BIG}` });
    await expect.poll(() => held.length).toBe(1);
    await expect(bigRow).toContainText('Laster opp');
    await expectNoAxeViolations(page, 'uploads under way');
    await bigRow.getByRole('button', { name: `Sett ${BIG} på pause` }).click();
    await expect(bigRow).toContainText('På pause');
    // Paused, the bar shows what the server holds: the two chunks.
    await expect(bigBar).toHaveAttribute('aria-valuetext', /^768\skB av 50\sMB \(1\s%\)$/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // The server agrees (tus HEAD).
    const uploadUrl = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((candidate) => candidate.startsWith('tus::'));
      return key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { uploadUrl?: string }).uploadUrl
        : undefined;
    });
    expect(uploadUrl).toBeTruthy();
    const head = await page.request.head(uploadUrl!, { headers: { 'Tus-Resumable': '1.0.0' } });
    expect(head.status()).toBe(200);
    expect(Number(head.headers()['upload-offset'])).toBe(TWO_CHUNKS);

    // After a reload the page knows the upload is unfinished, and how far it got.
    await page.reload();
    const unfinished = page.getByRole('region', { name: 'Uferdige opplastinger' });
    await expect(unfinished).toContainText(BIG);
    await expect(unfinished).toContainText(/768\skB av 50\sMB lastet opp/);
    await expectNoAxeViolations(page, 'unfinished upload after a reload');

    // Picking the same file again resumes it at the server's offset: no new upload is made, and
    // the first chunk starts at 768 kB. That chunk waits until the bar has been looked at.
    const sent: { method: string; path: string; offset: string | undefined }[] = [];
    const record = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/v1/files/uploads')) {
        sent.push({ method: request.method(), path, offset: request.headers()['upload-offset'] });
      }
    };
    page.on('request', record);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    await page.route(UPLOADS, async (route) => {
      if (route.request().method() === 'PATCH' && !gated) {
        gated = true;
        await gate;
      }
      await route.continue();
    });
    await chooseFiles(page, unfinished.getByRole('button', { name: 'Velg filen igjen' }), [bigPath]);
    await expect(bigRow).toContainText('Laster opp');
    await expect.poll(async () => Number(await bigBar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await expect(bigBar).not.toHaveAttribute('aria-valuetext', /^0 B/);
    release();
    // The rest goes straight to the server: interception would copy every chunk through Playwright.
    await page.unrouteAll({ behavior: 'wait' });
    await expect(bigRow).toContainText('Ferdig', { timeout: 120_000 });
    page.off('request', record);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    expect(sent.find((request) => request.method === 'PATCH')?.offset).toBe(String(TWO_CHUNKS));
    // Done uploads are not offered for resuming any more.
    await expect(unfinished).toBeHidden();

    // The same bytes come back.
    const download = page.waitForEvent('download');
    await rowAction(page, BIG, 'Last ned');
    const downloaded = await readFile((await (await download).path())!);
    expect(downloaded.length).toBe(big.length);
    expect(sha256(downloaded)).toBe(sha256(big));

    // Preview of the image.
    await page.getByRole('button', { name: SMALL, exact: true }).click();
    const preview = page.getByRole('dialog', { name: SMALL });
    const image = preview.getByRole('img', { name: SMALL });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(48);
    await expectNoAxeViolations(page, 'preview dialog');
    await preview.getByRole('button', { name: 'Lukk' }).click();
    await expect(preview).toBeHidden();

    // Rename.
    await rowAction(page, SMALL, 'Gi nytt navn');
    const rename = page.getByRole('dialog', { name: 'Gi filen nytt navn' });
    await expect(rename.getByRole('textbox', { name: 'Navn' })).toHaveValue(SMALL);
    await expectNoAxeViolations(page, 'rename dialog');
    await rename.getByRole('textbox', { name: 'Navn' }).fill(RENAMED);
    await rename.getByRole('button', { name: 'Lagre' }).click();
    await expect(rename).toBeHidden();
    await expect(page.getByRole('button', { name: RENAMED, exact: true })).toBeVisible();

    // Delete, confirmed.
    await rowAction(page, RENAMED, 'Slett');
    const confirm = page.getByRole('dialog', { name: 'Slette filen?' });
    await expect(confirm).toContainText(RENAMED);
    await expectNoAxeViolations(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Slett filen' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: RENAMED, exact: true })).toHaveCount(0);

    // A folder with something in it asks first, and says what it holds.
    await page
      .getByRole('navigation', { name: 'Mappesti' })
      .getByRole('link', { name: 'Alle filer' })
      .click();
    await rowAction(page, FOLDER, 'Slett');
    const folderConfirm = page.getByRole('dialog', { name: 'Mappen er ikke tom' });
    await expect(folderConfirm).toContainText('1 fil og 0 mapper');
    await expectNoAxeViolations(page, 'folder delete confirmation');
    await folderConfirm.getByRole('button', { name: 'Slett mappen og innholdet' }).click();
    await expect(folderConfirm).toBeHidden();
    await expect(page.getByRole('link', { name: FOLDER, exact: true })).toHaveCount(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a student sees the files and downloads them, is offered no changes, and the server refuses them', async ({
  api,
  student: { page },
}) => {
  const id = unique();
  const folder = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/files/folders', {
    name: `Timeplaner ${id}`,
    parentId: null,
  });
  const NAME = `timeplan-${id}.txt`;
  const CONTENT = `Mandag: friluftsliv ${id}\n`;
  const uploaded = await api.post('/api/v1/files', {
    multipart: {
      folderId: folder.id,
      file: { name: NAME, mimeType: 'text/plain', buffer: Buffer.from(CONTENT) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = (await uploaded.json()) as { id: string; policies: { change: boolean } };
  expect(file.policies.change).toBe(true);
  const PDF_NAME = `ukeplan-${id}.pdf`;
  const pdf = await api.post('/api/v1/files', {
    multipart: {
      folderId: folder.id,
      file: { name: PDF_NAME, mimeType: 'application/pdf', buffer: Buffer.from(PDF) },
    },
  });
  expect(pdf.status(), await pdf.text()).toBe(201);

  await page.goto(`/app/files?folder=${folder.id}`);
  await expect(page.getByRole('navigation', { name: 'Mappesti' })).toContainText(folder.name);
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/app/files as a student');

  for (const write of ['Ny mappe', 'Last opp filer']) {
    await expect(page.getByRole('button', { name: write })).toHaveCount(0);
  }
  await expect(page.getByText(/Dra filer hit/)).toHaveCount(0);
  await page.getByRole('button', { name: `Handlinger for ${NAME}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Last ned']);

  const download = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'Last ned' }).click();
  expect(await readFile((await (await download).path())!, 'utf8')).toBe(CONTENT);

  // Everyone may preview: a PDF shows in a frame of its own (served inline, framable by Tun only).
  await page.getByRole('button', { name: PDF_NAME, exact: true }).click();
  const preview = page.getByRole('dialog', { name: PDF_NAME });
  await expect(preview.locator(`iframe[title="PDF-en ${PDF_NAME}"]`)).toBeVisible();
  await expectNoAxeViolations(page, 'PDF preview');
  await preview.getByRole('button', { name: 'Lukk' }).click();
  await expect(preview).toBeHidden();

  // What the page hides, the server refuses.
  const { request } = page;
  const listed = await request.get(`/api/v1/files?folderId=${folder.id}`);
  expect(listed.status()).toBe(200);
  expect((await listed.json()).items[0].policies).toEqual({ change: false });
  const refused = [
    await request.post('/api/v1/files/folders', { data: { name: `Elevmappe ${id}`, parentId: null } }),
    await request.patch(`/api/v1/files/${file.id}`, { data: { name: `endret-${id}.txt` } }),
    await request.delete(`/api/v1/files/${file.id}`),
    await request.patch(`/api/v1/files/folders/${folder.id}`, { data: { name: `Endret ${id}` } }),
    await request.delete(`/api/v1/files/folders/${folder.id}?recursive=true`),
    await request.post('/api/v1/files', {
      multipart: { file: { name: `elev-${id}.txt`, mimeType: 'text/plain', buffer: Buffer.from('hei') } },
    }),
    await request.post('/api/v1/files/uploads', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(BIG_SIZE),
        'Upload-Metadata': `filename ${Buffer.from(`elev-${id}.bin`).toString('base64')}`,
      },
    }),
  ];
  expect(refused.map((response) => response.status())).toEqual(refused.map(() => 403));
});
