import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { PairingStart, Screen, ScreenContent, ScreenInput } from '@tun/shared/screens';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';

/** The code as the TV shows it: XXXX-XXXX from RFC 8628's alphabet without vowels. */
const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

/** A TV: the size of a 1080p panel, and (as a wall screen would be set up) no motion. */
function tvContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
}

/** The code the onboarding page shows, once it shows one. */
async function shownCode(tv: Page): Promise<string> {
  const code = tv.locator('[data-pairing-code]');
  await expect(code).toHaveText(USER_CODE);
  return (await code.textContent())!.trim();
}

/** Picks an option in a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** HH:mm at the school, some minutes from now. */
function schoolTime(minutesFromNow: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Oslo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutesFromNow * 60_000));
}

/** A room of the test's own, and an event in it that runs now, so the screen shows only these. */
async function roomWithEvent(api: APIRequestContext, id: string, name: string) {
  const room = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/rooms', {
    name: `Spisesalen ${id}`,
  });
  const start = new Date();
  const input = {
    name,
    start: start.toISOString(),
    end: new Date(start.getTime() + 60 * 60_000).toISOString(),
    type: 'none',
    mandatory: false,
    roomUsed: room.id,
    groupsAttending: [],
  };
  const event = await call<{ id: string }>(api, 'POST', '/api/v1/calendar/events', input);
  /** Renames the event through the API, as someone editing the calendar would. */
  const rename = (to: string) =>
    call(api, 'PATCH', `/api/v1/calendar/events/${event.id}`, { ...input, name: to });
  return { room, event, rename };
}

function screenInput(id: string, roomId: string): ScreenInput {
  return {
    name: `Spisesalen ${id}`,
    place: 'Ved inngangen',
    layout: { orientation: 'landscape', panels: ['programme', 'clock'], roomId },
    schedule: null,
  };
}

async function problemCode(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

test('a TV is paired with its code, shows the programme live, keeps it offline and goes back to pairing when revoked', async ({
  api,
  admin: { page: admin },
  browser,
}) => {
  const id = unique();
  const NAME = `Spisesalen ${id}`;
  const EVENT = `Morgensamling ${id}`;
  const { room, rename } = await roomWithEvent(api, id, EVENT);
  // A rotating check-in code, which the screen shows as a QR code.
  await call(api, 'POST', `/api/v1/rooms/${room.id}/tag`, { rotating: true });

  const context = await tvContext(browser);
  const tv = await context.newPage();
  await tv.goto('/infoscreen-onboarding');
  await expect(tv.getByRole('heading', { level: 1, name: 'Koble til infoskjermen' })).toBeVisible();
  const code = await shownCode(tv);
  await expect(
    tv.getByRole('img', { name: `QR-kode som åpner oppsettet av infoskjermer med koden ${code}` }),
  ).toBeVisible();
  await expect(tv.getByText(/Koden gjelder i \d+:\d{2} til/)).toBeVisible();
  await expectNoAxeViolations(tv, 'infoscreen onboarding');

  // The admin opens the QR code's address, makes a new screen for the room and approves. The TV
  // sees it at its next poll and opens the screen with the TV account's own session.
  const liveOpened = tv.waitForResponse((response) => response.url().endsWith('/api/v1/live'), {
    timeout: 60_000,
  });
  await admin.goto(`/app/tv-setup?code=${encodeURIComponent(code)}`);
  await expect(admin.getByText(`TV-en med koden ${code} venter på godkjenning`)).toBeVisible();
  await admin.getByRole('textbox', { name: 'Navn' }).fill(NAME);
  await admin.getByRole('textbox', { name: 'Plassering' }).fill('Ved inngangen');
  await choose(admin, 'Rom', room.name);
  await admin.getByRole('checkbox', { name: 'Kode for oppmøte' }).check();
  await admin.getByRole('button', { name: 'Godkjenn' }).click();
  await expect(admin.getByText(`${NAME} er koblet til.`, { exact: false })).toBeVisible();
  const screen = (await call<Screen[]>(api, 'GET', '/api/v1/screens')).find((made) => made.name === NAME)!;
  expect(screen.layout.roomId).toBe(room.id);

  await expect(tv).toHaveURL(/\/screen$/);
  await expect(tv.getByRole('heading', { name: `Program i ${room.name} i dag` })).toBeVisible();
  await expect(tv.getByText(EVENT)).toBeVisible();
  await expect(tv.getByText('Ved inngangen')).toBeVisible();
  await expect(tv.locator('[data-panel="clock"] time')).toHaveText(/^\d{2}[:.]\d{2}$/);
  await expect(tv.getByRole('img', { name: `QR-kode for oppmøte i ${room.name}` })).toBeVisible();
  const session = await call<{ user: { roles: string[] } }>(tv.request, 'GET', '/api/v1/session');
  expect(session.user.roles).toEqual(['tv']);
  await expectNoAxeViolations(tv, 'info screen');

  // A change in the calendar reaches the screen through the live stream, without a reload.
  expect((await liveOpened).status()).toBe(200);
  await tv.evaluate(() => Object.assign(window, { tunLoaded: true }));
  const RENAMED = `Allmøte ${id}`;
  await rename(RENAMED);
  await expect(tv.getByText(RENAMED)).toBeVisible({ timeout: 2000 });
  expect(await tv.evaluate(() => 'tunLoaded' in window)).toBe(true);

  // Without a network the screen keeps what it shows and says how old it is; a change made
  // meanwhile shows when the network is back.
  await context.setOffline(true);
  const stamp = tv.getByText(/^Frakoblet – sist oppdatert kl\. \d{2}[:.]\d{2}$/);
  await expect(stamp).toBeVisible();
  await expect(tv.getByText(RENAMED)).toBeVisible();
  const BACK = `Fellesmøte ${id}`;
  await rename(BACK);
  await context.setOffline(false);
  await expect(tv.getByText(BACK)).toBeVisible();
  await expect(stamp).toBeHidden();

  // The emergency banner goes over everything, on every screen, and goes away again.
  const ALARM = `Brannøvelse ${id}: gå ut til samlingsplassen`;
  await call(api, 'PUT', '/api/v1/screens/emergency', { message: ALARM });
  try {
    await expect(tv.getByRole('alert').filter({ hasText: ALARM })).toBeVisible();
    await expectNoAxeViolations(tv, 'info screen with the emergency banner');
  } finally {
    await call(api, 'DELETE', '/api/v1/screens/emergency');
  }
  await expect(tv.getByText(ALARM)).toBeHidden();

  // Dark hours: a black page, and the content back when they end.
  await call(api, 'PATCH', `/api/v1/screens/${screen.id}`, {
    schedule: { darkFrom: schoolTime(-60), darkTo: schoolTime(60) },
  });
  await expect(tv.getByText(BACK)).toBeHidden();
  await expect(tv.getByText('Skjermen er slått av for natten.')).toBeAttached();
  await call(api, 'PATCH', `/api/v1/screens/${screen.id}`, { schedule: null });
  await expect(tv.getByText(BACK)).toBeVisible();

  // «Last inn på nytt» reloads the page once (and not again at the next refetch).
  await call(api, 'POST', `/api/v1/screens/${screen.id}/reload`);
  await expect(tv.getByText(BACK)).toBeVisible();
  await expect
    .poll(() => tv.evaluate(() => 'tunLoaded' in window).catch(() => true), { timeout: 20_000 })
    .toBe(false);
  await expect(tv.getByText(BACK)).toBeVisible();
  await tv.evaluate(() => Object.assign(window, { tunLoaded: true }));
  const AFTER_RELOAD = `Kveldsmøte ${id}`;
  await rename(AFTER_RELOAD);
  await expect(tv.getByText(AFTER_RELOAD)).toBeVisible();
  expect(await tv.evaluate(() => 'tunLoaded' in window)).toBe(true);

  // A TV account shows its screen and nothing else: the app sends it back, the API refuses it.
  await tv.goto('/app/dashboard');
  await expect(tv).toHaveURL(/\/screen$/);
  await expect(tv.getByText(AFTER_RELOAD)).toBeVisible();
  for (const path of ['/api/v1/people', '/api/v1/posts', '/api/v1/screens']) {
    expect((await tv.request.get(path)).status(), `GET ${path} as a TV`).toBe(403);
  }

  // Revoking ends the TV's session at once: its next request answers 401, and the screen goes
  // back to pairing and shows a new code.
  await call(api, 'POST', `/api/v1/screens/${screen.id}/revoke`);
  expect((await tv.request.get('/api/v1/screen')).status()).toBe(401);
  await expect(tv).toHaveURL(/\/infoscreen-onboarding$/);
  expect(await shownCode(tv)).not.toBe(code);
  await context.close();
  await call(api, 'DELETE', `/api/v1/screens/${screen.id}`);
});

test('a code is single use: a used, expired, unknown or refused code gets no session', async ({
  api,
  playwright,
  baseURL,
}) => {
  const id = unique();
  const room = await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: `Gangen ${id}` });
  const tv = await playwright.request.newContext({ baseURL });
  const token = (deviceCode: string) => tv.post('/api/v1/screens/pairing/token', { data: { deviceCode } });

  const start = await call<PairingStart>(tv, 'POST', '/api/v1/screens/pairing');
  expect(start.userCode).toMatch(USER_CODE);
  expect(start.verificationUriComplete).toContain(`code=${start.userCode}`);
  const waiting = await token(start.deviceCode);
  expect(waiting.status()).toBe(400);
  expect(['authorization-pending', 'slow-down']).toContain(await problemCode(waiting));
  // Nothing is signed in while the code waits.
  expect((await tv.get('/api/v1/screen')).status()).toBe(401);

  // The admin finds the code (typed without the dash, in lower case) and approves it.
  const typed = start.userCode.replace('-', '').toLowerCase();
  await call(api, 'GET', `/api/v1/screens/pairing/${typed}`);
  const screen = await call<Screen>(api, 'POST', '/api/v1/screens/pairing/approve', {
    userCode: typed,
    screen: { ...screenInput(id, room.id), name: `Gangen ${id}` },
  });
  const approved = await token(start.deviceCode);
  expect(approved.status(), await approved.text()).toBe(200);
  expect(((await approved.json()) as { screenId: string }).screenId).toBe(screen.id);
  expect(approved.headers()['set-cookie']).toBeTruthy();
  const content = await call<ScreenContent>(tv, 'GET', '/api/v1/screen');
  expect(content.screen.id).toBe(screen.id);
  expect((await tv.get('/api/v1/people')).status()).toBe(403);

  // Used: the same device code gets nothing more, and the code is no longer waiting.
  const reused = await token(start.deviceCode);
  expect(reused.status()).toBe(400);
  expect(await problemCode(reused)).toBe('expired-token');
  const again = await api.post('/api/v1/screens/pairing/approve', {
    data: { userCode: start.userCode, screenId: screen.id },
  });
  expect(again.status()).toBe(404);
  expect(await problemCode(again)).toBe('pairing-code-unknown');

  // Unknown (or expired and forgotten): the same answer, so a guess learns nothing.
  const unknown = await token(`ukjent-${id}`);
  expect(unknown.status()).toBe(400);
  expect(await problemCode(unknown)).toBe('expired-token');

  // Refused: the TV is told so once, and the code cannot be approved after all.
  const other = await playwright.request.newContext({ baseURL });
  const second = await call<PairingStart>(other, 'POST', '/api/v1/screens/pairing');
  await call(api, 'POST', '/api/v1/screens/pairing/deny', { userCode: second.userCode });
  const denied = await other.post('/api/v1/screens/pairing/token', {
    data: { deviceCode: second.deviceCode },
  });
  expect(denied.status()).toBe(400);
  expect(await problemCode(denied)).toBe('access-denied');
  const late = await api.post('/api/v1/screens/pairing/approve', {
    data: { userCode: second.userCode, screenId: screen.id },
  });
  expect(late.status()).toBe(404);
  expect((await other.get('/api/v1/screen')).status()).toBe(401);

  await call(api, 'DELETE', `/api/v1/screens/${screen.id}`);
  expect((await tv.get('/api/v1/screen')).status()).toBe(401);
  await Promise.all([tv.dispose(), other.dispose()]);
});
