import type { Page } from '@playwright/test';
import { startTestPushService, TestBrowser } from '../../apps/server/test/push-endpoint';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';
import { schoolDateOf } from '../school-date';
import { png } from '../images';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts: { name: string; url: string }[];
}

/**
 * The keys of the queries the app has saved for offline use (TanStack Query's cache in
 * IndexedDB), each as JSON. A page's data is saved a moment after it arrives.
 */
function savedForOffline(page: Page): Promise<string[]> {
  return readSavedCache(page, 'queries');
}

/** The keys of what the app keeps in IndexedDB: its saved queries, or its unsent saves. */
function readSavedCache(page: Page, part: 'queries' | 'mutations'): Promise<string[]> {
  return page.evaluate(
    (part) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const read = db.transaction('keyval').objectStore('keyval').get('tun.query-cache');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            if (typeof read.result !== 'string') return resolve([]);
            const saved = JSON.parse(read.result) as {
              clientState: Record<string, { queryKey?: unknown; mutationKey?: unknown }[]>;
            };
            const entries = saved.clientState[part] ?? [];
            resolve(entries.map((entry) => JSON.stringify(entry.queryKey ?? entry.mutationKey)));
          };
        };
      }),
    part,
  );
}

test('the service worker installs; with the network cut the dashboard, the timetable and a post still open', async ({
  api,
  member,
}) => {
  const id = unique();
  const line = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
    name: `Keramikk ${id}`,
    shortName: 'KER',
    color: 'orange',
  });
  const LESSON = `Dreiing ${id}`;
  // An hour about now, all of it on today's school date: an event past midnight is drawn in two
  // days' columns, and the lesson would be found twice.
  const HOUR = 60 * 60_000;
  const now = Date.now();
  let start = now - 5 * 60_000;
  if (schoolDateOf(start + HOUR) !== schoolDateOf(now)) start = now - 2 * HOUR;
  else if (schoolDateOf(start) !== schoolDateOf(now)) start = now + 5 * 60_000;
  await call(api, 'POST', '/api/v1/calendar/events', {
    name: LESSON,
    start: new Date(start).toISOString(),
    end: new Date(start + HOUR).toISOString(),
    type: 'class',
    mandatory: true,
    groupsAttending: [line.id],
    roomUsed: (await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: `Verksted ${id}` })).id,
  });
  const TITLE = `Brenning av leirvarer ${id}`;
  const post = await call<{ id: string }>(api, 'POST', '/api/v1/posts', {
    title: TITLE,
    body: '<p>Ovnen fyres fredag.</p>',
    audience: { kind: 'selected', lineIds: [line.id] },
  });
  const student = await member({ first: 'Live', memberOf: [line.id] });
  const { page } = student;

  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Live!' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const saved = async (prefix: string) => (await savedForOffline(page)).some((key) => key.startsWith(prefix));
  await page.goto('/app/calendar');
  await expect(page.getByRole('button', { name: new RegExp(LESSON) })).toBeVisible();
  await expect.poll(() => saved('["calendar","events"')).toBe(true);
  await page.goto(`/app/posts?post=${post.id}`);
  await expect(page.getByRole('dialog', { name: TITLE })).toBeVisible();
  await expect
    .poll(async () => (await savedForOffline(page)).some((key) => key.includes(post.id)))
    .toBe(true);

  await page.context().setOffline(true);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Live!' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Frakoblet – sist oppdatert kl\. \d{2}[:.]\d{2}/ }),
  ).toBeVisible();
  await page.goto('/app/calendar');
  await expect(page.getByRole('button', { name: new RegExp(LESSON) })).toBeVisible();
  await page.goto(`/app/posts?post=${post.id}`);
  await expect(page.getByRole('dialog', { name: TITLE })).toContainText('Ovnen fyres fredag.');
  await page.context().setOffline(false);
});

test('the manifest names the school, has icons of 192 and 512 (one maskable) that exist, and starts inside its scope', async ({
  student,
}) => {
  const response = await student.page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest.name).toBeTruthy();
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const scope = new URL(manifest.scope, 'http://tun.test/');
  const start = new URL(manifest.start_url, scope);
  expect(start.href.startsWith(scope.href)).toBe(true);
  expect(start.pathname).toBe('/app/dashboard');
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) {
    const image = await student.page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe(icon.type);
  }
  expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['Kalender', 'Oppmøte', 'Skann']);
});

test('a push for a post reaches the device the student subscribed and decrypts to the post’s title', async ({
  api,
  member,
}) => {
  const pushService = await startTestPushService();
  try {
    const id = unique();
    const line = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
      name: `Kunst ${id}`,
      shortName: 'KUN',
      color: 'grape',
    });
    const student = await member({ first: 'Pia', memberOf: [line.id] });
    // The device's browser subscribes as PushManager.subscribe() would, with keys of its own.
    const device = new TestBrowser(pushService.origin);
    const subscribed = await student.page.request.post('/api/v1/push/subscriptions', {
      data: device.subscription(),
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);

    const TITLE = `Utstilling i gymsalen ${id}`;
    await call(api, 'POST', '/api/v1/posts', {
      title: TITLE,
      body: '<p>Kom og se!</p>',
      audience: { kind: 'selected', lineIds: [line.id] },
    });
    // Other whole-school posts (of earlier tests) may reach the device too: find this one.
    const arrived = () =>
      pushService.received
        .filter((push) => push.path === device.path)
        .map((push) => JSON.parse(device.decrypt(push.body)) as { title: string; link: string });
    await expect.poll(() => arrived().map((payload) => payload.title)).toContain(TITLE);
    const payload = arrived().find((candidate) => candidate.title === TITLE)!;
    expect(payload.link).toMatch(/^\/app\/posts\?post=/);
    // Nothing arrived anywhere else than at the subscribed device.
    expect(pushService.received.every((push) => push.path === device.path)).toBe(true);
  } finally {
    await pushService.close();
  }
});

test('an admin switches posts off: the navigation loses it, its page and API are gone, and on again brings it back', async ({
  member,
}) => {
  const admin = await member({ first: 'Ane', roles: ['admin'] });
  const { page } = admin;
  const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
  const setPosts = async (on: boolean) => {
    await page.goto('/app/setup/app');
    const features = page.getByRole('group', { name: 'Funksjoner' });
    const posts = features.getByRole('switch', { name: 'Innlegg' });
    await expect(posts).toBeChecked({ checked: !on });
    await posts.click({ force: true });
    await page.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Appinnstillingene er lagret.')).toBeVisible();
  };
  await page.goto('/app/setup/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Appoppsett' })).toBeVisible();
  await expectNoAxeViolations(page, '/app/setup/app as an admin');
  try {
    await setPosts(false);
    await expect(nav.getByRole('link', { name: 'Innlegg' })).toHaveCount(0);
    expect((await page.request.get('/api/v1/posts')).status()).toBe(404);
    await page.goto('/app/posts');
    await expect(page.getByText('Fant ikke siden')).toBeVisible();
  } finally {
    await setPosts(true);
  }
  await expect(nav.getByRole('link', { name: 'Innlegg' })).toBeVisible();
  expect((await page.request.get('/api/v1/posts')).status()).toBe(200);
});

test('a teacher saves a sheet offline, closes and reopens the app offline, and back online the save reaches the server with the teacher as registrar', async ({
  api,
  member,
  teacher,
}) => {
  const id = unique();
  const line = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
    name: `Friluft ${id}`,
    shortName: 'FRI',
    color: 'green',
  });
  const student = await member({ first: 'Ola', memberOf: [line.id] });
  const start = Date.now() - 5 * 60_000;
  const lesson = await call<{ id: string }>(api, 'POST', '/api/v1/calendar/events', {
    name: `Padling ${id}`,
    start: new Date(start).toISOString(),
    end: new Date(start + 60 * 60_000).toISOString(),
    type: 'class',
    mandatory: true,
    groupsAttending: [line.id],
    roomUsed: (await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: `Verksted ${id}` })).id,
  });
  const sheetUrl = `/api/v1/attendance/events/${encodeURIComponent(lesson.id)}`;
  const sheetPage = `/app/attendance?type=event&id=${encodeURIComponent(lesson.id)}`;
  let { page } = teacher;
  await page.goto(sheetPage);
  const rowOf = (on: Page) => on.getByRole('radiogroup', { name: student.fullName });
  const queuedOf = (on: Page) => on.getByRole('status').filter({ hasText: 'Lagres når du er på nett igjen' });
  await expect(rowOf(page)).toBeVisible();
  // The app must open offline below: its service worker serves it.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(async () => (await savedForOffline(page)).some((key) => key.includes(lesson.id)))
    .toBe(true);

  await page.context().setOffline(true);
  // The teacher is offline once the app knows it (the browser's offline event has come): the
  // save is then queued without an attempt.
  await expect(page.getByRole('status').filter({ hasText: /Frakoblet/ })).toBeVisible();
  await rowOf(page).getByText('Gyldig fravær').click();
  await page.getByRole('button', { name: 'Lagre fravær' }).click();
  await expect(queuedOf(page)).toBeVisible();
  await expect(rowOf(page).getByRole('radio', { name: 'Gyldig fravær' })).toBeChecked();
  // The queued save is kept on the device, and survives the app being closed and opened again
  // offline. (Closed, not reloaded: Chromium's offline emulation lets a reloading page see itself
  // online for a moment, and the page would then send the save before it goes.)
  await expect
    .poll(async () => (await readSavedCache(page, 'mutations')).some((key) => key.includes('save-sheet')))
    .toBe(true);
  const context = page.context();
  await page.close();
  page = await context.newPage();
  await page.goto(sheetPage);
  await expect(queuedOf(page)).toBeVisible();
  await expect(rowOf(page).getByRole('radio', { name: 'Gyldig fravær' })).toBeChecked();
  // Nothing has reached the server yet.
  const waiting = await call<{ registration: unknown }>(api, 'GET', sheetUrl);
  expect(waiting.registration).toBeNull();

  await context.setOffline(false);
  await expect(page.getByText(/Fraværslisten for .* er lagret\./)).toBeVisible();
  const saved = await call<{
    registration: { registeredBy: string } | null;
    rows: { studentId: string; record: { manualStatus: string; registeredBy: string } | null }[];
  }>(api, 'GET', sheetUrl);
  expect(saved.registration?.registeredBy).toBe(teacher.id);
  expect(saved.rows.find((r) => r.studentId === student.id)?.record).toMatchObject({
    manualStatus: 'justifiedLeave',
    registeredBy: teacher.id,
  });
});

test('the school’s default language is used by those who have not chosen one', async ({ api, member }) => {
  const settings = await call<Record<string, unknown>>(api, 'GET', '/api/v1/app-settings');
  const { logoUrl: _logoUrl, ...input } = settings;
  try {
    await call(api, 'PUT', '/api/v1/app-settings', { ...input, defaultLanguage: 'nn' });
    const { page } = await member({ first: 'Nils' });
    await page.goto('/app/dashboard');
    // Nynorsk: «Varsel», where bokmål says «Varsler».
    await expect(page.getByRole('button', { name: 'Varsel' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nn');
  } finally {
    await call(api, 'PUT', '/api/v1/app-settings', { ...input, defaultLanguage: 'nb' });
  }
});

test('an admin gives the app a short name and the school’s logo: every header and the manifest show them', async ({
  api,
  member,
}) => {
  const id = unique();
  const LOGO = `skolemerke-${id}.png`;
  const uploaded = await api.post('/api/v1/files', {
    multipart: { file: { name: LOGO, mimeType: 'image/png', buffer: png(64, 64) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const logo = (await uploaded.json()) as { id: string };
  const settings = await call<Record<string, unknown>>(api, 'GET', '/api/v1/app-settings');
  const { logoUrl: _logoUrl, ...input } = settings;
  const SHORT = 'Fjellappen';
  try {
    const { page } = await member({ first: 'Asta', roles: ['admin'] });
    await page.goto('/app/setup/app');
    await page.getByRole('textbox', { name: 'Kort navn' }).fill(SHORT);
    await page.getByRole('textbox', { name: 'Logo' }).fill(`skolemerke-${id}`);
    await page.getByRole('option', { name: LOGO }).click();
    await expect(page.getByRole('img', { name: 'Logoen som er valgt' })).toBeVisible();
    await page.getByRole('button', { name: 'Lagre', exact: true }).click();
    await expect(page.getByText('Appinnstillingene er lagret.')).toBeVisible();

    const { page: studentPage } = await member({ first: 'Siri' });
    await studentPage.goto('/app/dashboard');
    const banner = studentPage.getByRole('banner');
    await expect(banner.getByRole('link', { name: SHORT })).toBeVisible();
    const mark = banner.locator('img');
    await expect(mark).toHaveAttribute('src', new RegExp(`/api/v1/files/${logo.id}/`));
    // The logo really loads for a student (it is served to everyone of the school).
    await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(studentPage);

    const manifest = (await (await studentPage.request.get('/manifest.webmanifest')).json()) as Manifest;
    expect(manifest.short_name).toBe(SHORT);
  } finally {
    await call(api, 'PUT', '/api/v1/app-settings', input);
  }
});
