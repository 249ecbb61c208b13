import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';

const PHONE = { width: 390, height: 844 };

/** The bell in the header; its name carries the unread count. */
const bell = (page: Page) => page.getByRole('button', { name: /^Varsler/ });

/** A real JPEG, as a phone camera would give: the browser's own encoder draws and encodes it. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1d5a80';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#f2c14e';
    context.fillRect(16, 12, 32, 24);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.9),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
  });
  return Buffer.from(base64, 'base64');
}

/** A picture has loaded when the browser knows its size: the server answered with an image. */
async function expectLoadedImage(page: Page, name: string): Promise<void> {
  const image = page.getByRole('img', { name, exact: true });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test('a student reports a fault with a photo from the room’s QR code; the janitor solves it with a comment and an internal note the student never sees', async ({
  api,
  member,
}) => {
  const id = unique();
  const room = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/rooms', {
    name: `Verksted ${id}`,
  });
  const student = await member({ first: 'Siri' });
  const janitor = await member({ first: 'Jon', roles: ['janitor'] });
  const outsider = await member({ first: 'Ola' });
  const title = `Taklampen blinker ${id}`;
  const publicComment = `Byttet lysrøret, ${id}.`;
  const internalNote = `Lysrør fra lageret i kjelleren, ${id}.`;

  // The QR code on the room's tag opens the form on the phone, with the room set.
  const { page } = student;
  await page.setViewportSize(PHONE);
  await page.goto(`/app/janitor?report=${room.id}`);
  await expect(page.getByRole('tab', { name: 'Meld feil' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Meld feil' });
  await expect(form.getByLabel('Rom', { exact: true })).toHaveValue(room.name);
  await expect(form.getByText('Fylt inn fra rommets QR-kode.')).toBeVisible();

  // Nothing is sent without a title and a kind of fault.
  await form.getByRole('button', { name: 'Meld feil' }).click();
  await expect(form.getByText('Skriv kort hva som er feil.')).toBeVisible();
  await expect(form.getByText('Velg hva slags feil det er.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Hva er feil?' })).toBeFocused();

  await form.getByRole('textbox', { name: 'Hva er feil?' }).fill(title);
  await form.getByRole('radio', { name: 'Elektrisk' }).check();
  await form.getByText('Høy', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Høy' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Mer om feilen (valgfritt)' }).fill('Lampen over arbeidsbenken.');

  // A file that is not a photo is refused before anything is sent, in words.
  const picker = form.locator('input[type="file"]');
  await expect(picker).toHaveAttribute('capture', 'environment');
  await picker.setInputFiles({ name: 'notat.txt', mimeType: 'text/plain', buffer: Buffer.from('hei') });
  await expect(form.getByRole('alert')).toContainText('«notat.txt» ble ikke lagt ved');
  await picker.setInputFiles({ name: 'lampe.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) });
  await expectLoadedImage(page, 'Bilde 1 som legges ved');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Meld feil' })).toBeInViewport();
  await expectNoAxeViolations(page, 'the «Meld feil» form on a phone');

  await form.getByRole('button', { name: 'Meld feil' }).click();
  await expect(page.getByRole('heading', { name: 'Saken er meldt' })).toBeFocused();
  const caseLink = page.getByRole('link', { name: /^Åpne sak \d+$/ });
  const caseNumber = Number((await caseLink.textContent())!.replace(/\D/g, ''));
  const caseId = (await caseLink.getAttribute('href'))!.split('/').pop()!;
  await page.getByRole('button', { name: 'Se mine saker' }).click();
  await expect(page.getByRole('tab', { name: 'Mine saker' })).toHaveAttribute('aria-selected', 'true');
  const mine = page.getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByText('Ny', { exact: true })).toBeVisible();
  await expect(mine.getByText(`Sak ${caseNumber} · ${room.name}`, { exact: false })).toBeVisible();

  // The student keeps the case open while the janitor works on it.
  await mine.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/app/janitor/cases/${caseId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Sak ${caseNumber}`, { exact: true })).toBeVisible();
  await expectLoadedImage(page, 'Bilde 1 av saken');
  await expect(page.getByLabel('Status')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /Intern merknad/ })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Varsler');

  // The janitor writes an internal note, then solves the case with a word to the student.
  const desk = janitor.page;
  await desk.goto(`/app/janitor/cases/${caseId}`);
  await expect(desk.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(desk.getByText('Høy', { exact: true })).toBeVisible();
  await expectNoAxeViolations(desk, 'the case page of a janitor');
  await desk.getByRole('textbox', { name: 'Skriv en kommentar' }).fill(internalNote);
  await desk.getByRole('checkbox', { name: 'Intern merknad (vises ikke for den som meldte)' }).check();
  await desk.getByRole('button', { name: 'Send kommentar' }).click();
  const note = desk.getByRole('listitem').filter({ hasText: internalNote });
  await expect(note.getByText('Intern merknad', { exact: true })).toBeVisible();
  await expect(desk.getByRole('textbox', { name: 'Skriv en kommentar' })).toHaveValue('');

  await desk.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Løst' });
  await desk.getByRole('textbox', { name: 'Kommentar til den som meldte (valgfritt)' }).fill(publicComment);
  await desk.getByRole('button', { name: 'Lagre status' }).click();
  await expect(desk.getByRole('combobox', { name: 'Status' })).toHaveValue('solved');
  await expect(desk.getByText(publicComment)).toBeVisible();
  await expectNoAxeViolations(desk, 'the case page of a janitor after solving');

  await desk.getByRole('button', { name: 'Bilde 1 av saken' }).click();
  const photo = desk.getByRole('dialog', { name: 'Bilde 1 av saken' });
  await expect(photo.getByRole('img', { name: 'Bilde 1 av saken' })).toBeVisible();
  await expect
    .poll(() =>
      photo
        .getByRole('img', { name: 'Bilde 1 av saken' })
        .evaluate((element: HTMLImageElement) => element.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expectNoAxeViolations(desk, 'the photo dialog');
  await desk.keyboard.press('Escape');
  await expect(photo).toBeHidden();

  // The student sees it live: solved, with the comment, without the internal note; and is told.
  await expect(page.getByText('Løst', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(publicComment)).toBeVisible();
  await expect(page.getByText(internalNote)).toHaveCount(0);
  await expect(page.getByText('Intern merknad', { exact: false })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName(/^Varsler, \d+ ulest$/);
  await expect(page.getByRole('button', { name: 'Gjenåpne' })).toBeVisible();
  await expectNoAxeViolations(page, 'the case page of the student who reported it');
  const seen = await call<{ comments: { body: string; internal: boolean }[]; photos: { url: string }[] }>(
    page.request,
    'GET',
    `/api/v1/maintenance/cases/${caseId}`,
  );
  expect(seen.comments.map((comment) => comment.body)).toEqual([publicComment]);
  const listed = await call<{ cases: { id: string; status: string }[] }>(
    page.request,
    'GET',
    '/api/v1/maintenance/cases',
  );
  expect(listed.cases.find((item) => item.id === caseId)?.status).toBe('solved');

  // Another student neither finds the case nor sees it listed.
  await outsider.page.goto(`/app/janitor/cases/${caseId}`);
  await expect(outsider.page.getByRole('heading', { level: 1, name: 'Fant ikke siden' })).toBeVisible();
  await expect(outsider.page.getByText(title)).toHaveCount(0);
  const hidden = await outsider.page.request.get(`/api/v1/maintenance/cases/${caseId}`);
  expect(hidden.status()).toBe(404);
  const hiddenPhoto = await outsider.page.request.get(seen.photos[0]!.url);
  expect(hiddenPhoto.status()).toBe(404);
  const others = await call<{ cases: { id: string }[] }>(
    outsider.page.request,
    'GET',
    '/api/v1/maintenance/cases',
  );
  expect(others.cases.map((item) => item.id)).not.toContain(caseId);
});
