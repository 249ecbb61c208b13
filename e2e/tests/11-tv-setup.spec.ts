import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { PairingStart, Screen } from '@tun/shared/screens';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';

/**
 * SPEC §2 /app/tv-setup (issue 15): an admin makes a screen and its layout, pairs a TV by the
 * code it shows, sees it connected, reloads and disconnects it, and raises the emergency banner.
 * The TV is a request context of its own, as /infoscreen-onboarding would ask.
 */

/** A TV that has no session: it starts a pairing as the onboarding page does. */
async function startPairing(
  baseURL: string | undefined,
): Promise<{ tv: APIRequestContext; pairing: PairingStart }> {
  const tv = await playwrightRequest.newContext({ baseURL });
  const response = await tv.post('/api/v1/screens/pairing', { data: {} });
  expect(response.status(), await response.text()).toBe(201);
  return { tv, pairing: (await response.json()) as PairingStart };
}

async function screenNamed(api: APIRequestContext, name: string): Promise<Screen | undefined> {
  const screens = await call<Screen[]>(api, 'GET', '/api/v1/screens');
  return screens.find((screen) => screen.name === name);
}

/** Picks an option in a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function screenRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function screenAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Flere valg for ${name}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('an admin makes a screen, edits its layout with a preview, pairs a TV, reloads and disconnects it', async ({
  admin: { page },
  api,
  baseURL,
}) => {
  const id = unique();
  const NAME = `Gangen ${id}`;
  const room = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/rooms', {
    name: `Peisestua ${id}`,
  });

  await page.goto('/app/tv-setup');
  await expect(page.getByRole('heading', { level: 1, name: 'TV-oppsett' })).toBeVisible();
  await expectNoAxeViolations(page, '/app/tv-setup');

  // A new screen, made before any TV: the preview follows the panels as they are ticked.
  await page.getByRole('button', { name: 'Ny skjerm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny skjerm' });
  await expect(dialog.getByRole('textbox', { name: 'Navn' })).toBeFocused();
  const preview = dialog.getByTestId('screen-preview');
  await expect(preview.locator('[data-panel="clock"]')).toBeVisible();
  await expect(preview.locator('[data-panel="supervision"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the new screen dialog');

  await dialog.getByRole('textbox', { name: 'Navn' }).fill(NAME);
  await dialog.getByRole('textbox', { name: 'Plassering' }).fill('Ved trappa');
  await dialog.getByRole('checkbox', { name: 'Klokke og dato' }).uncheck();
  await expect(preview.locator('[data-panel="clock"]')).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Tilsyn' }).check();
  await expect(preview.locator('[data-panel="supervision"]')).toBeVisible();
  // The order is set with buttons; the focus stays on the panel moved. Tilsyn starts fifth,
  // after the four panels a new screen shows.
  const up = dialog.getByRole('button', { name: 'Flytt Tilsyn opp' });
  for (const position of [4, 3, 2]) {
    await up.click();
    await expect(up).toBeFocused();
    await expect(dialog.getByRole('status').filter({ hasText: `plass ${position} av 6` })).toBeAttached();
  }
  await dialog.getByRole('button', { name: 'Lag skjermen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${NAME} er laget.`, { exact: false })).toBeVisible();
  await expect(screenRow(page, NAME).getByText('Ingen TV koblet til')).toBeVisible();
  const made = await screenNamed(api, NAME);
  expect(made?.layout).toEqual({
    orientation: 'landscape',
    panels: ['programme', 'supervision', 'menu', 'posts'],
    roomId: null,
  });
  expect(made?.schedule).toBeNull();

  // The layout editor: standing, one room with its check-in code, dark at night.
  await page.getByRole('button', { name: `Rediger ${NAME}` }).click();
  const editor = page.getByRole('dialog', { name: `Rediger ${NAME}` });
  const editorPreview = editor.getByTestId('screen-preview');
  await editor.getByRole('radio', { name: 'Stående' }).check();
  await expect(editorPreview.locator('[data-orientation="portrait"]').first()).toBeVisible();
  await choose(page, 'Rom', room.name);
  await editor.getByRole('checkbox', { name: 'Kode for oppmøte' }).check();
  await expect(editorPreview.locator('[data-panel="checkIn"]')).toContainText(room.name);
  await editor.getByRole('switch', { name: 'Mørk skjerm om natten' }).check();
  await expect(editor.getByLabel('Mørk fra')).toHaveValue('23:00');
  await editor.getByLabel('På igjen').fill('06:30');
  await expectNoAxeViolations(page, 'the layout editor');
  await editor.getByRole('button', { name: 'Lagre' }).click();
  await expect(editor).toBeHidden();
  await expect
    .poll(async () => (await screenNamed(api, NAME))?.layout)
    .toEqual({
      orientation: 'portrait',
      panels: ['programme', 'supervision', 'menu', 'posts', 'checkIn'],
      roomId: room.id,
    });
  expect((await screenNamed(api, NAME))?.schedule).toEqual({ darkFrom: '23:00', darkTo: '06:30' });

  // A TV shows its code; the admin types it and approves it as the screen just made.
  const { tv, pairing } = await startPairing(baseURL);
  try {
    const token = await tv.post('/api/v1/screens/pairing/token', {
      data: { deviceCode: pairing.deviceCode },
    });
    expect(token.status()).toBe(400);
    expect((await token.json()).code).toBe('authorization-pending');

    await page.getByRole('textbox', { name: 'Koden på TV-en' }).fill(pairing.userCode.toLowerCase());
    await page.getByRole('button', { name: 'Finn skjermen' }).click();
    await expect(page.getByText(`TV-en med koden ${pairing.userCode} venter på godkjenning`)).toBeVisible();
    await page.getByRole('radio', { name: 'En skjerm som finnes' }).check();
    await choose(page, 'Skjerm', `${NAME} (Ved trappa)`);
    await expectNoAxeViolations(page, 'a code waiting for approval');
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await expect(page.getByText(`${NAME} er koblet til.`, { exact: false })).toBeVisible();
    await expect(page.getByText(`TV-en med koden ${pairing.userCode} venter på godkjenning`)).toBeHidden();

    const approved = await tv.post('/api/v1/screens/pairing/token', {
      data: { deviceCode: pairing.deviceCode },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    expect((await approved.json()).screenId).toBe(made?.id);
    await expect(screenRow(page, NAME).getByText('Frakoblet')).toBeVisible();

    // The TV reports in; the list shows it on (the heartbeat itself publishes nothing live).
    await call(tv, 'POST', '/api/v1/screen/heartbeat', { version: `e2e-${id}` });
    await page.reload();
    const row = screenRow(page, NAME);
    await expect(row.getByText('Tilkoblet')).toBeVisible();
    await expect(row.getByText(`e2e-${id}`)).toBeVisible();
    await expect(row.getByText(/^Sist sett kl\. \d\d:\d\d$/)).toBeVisible();
    await expectNoAxeViolations(page, 'the list with a connected screen');

    await screenAction(page, NAME, 'Last inn på nytt');
    await expect(page.getByText(`${NAME} laster inn på nytt.`)).toBeVisible();
    expect((await screenNamed(api, NAME))?.reloadRequestedAt).not.toBeNull();

    // Disconnecting asks first, then ends the TV's session at once.
    await screenAction(page, NAME, 'Koble fra');
    const confirm = page.getByRole('dialog', { name: `Koble fra ${NAME}?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, 'the disconnect dialog');
    await confirm.getByRole('button', { name: 'Koble fra' }).click();
    await expect(page.getByText(`${NAME} er koblet fra.`)).toBeVisible();
    await expect(screenRow(page, NAME).getByText('Ingen TV koblet til')).toBeVisible();
    expect((await tv.get('/api/v1/screen')).status()).toBe(401);
  } finally {
    await tv.dispose();
  }

  await screenAction(page, NAME, 'Slett');
  const remove = page.getByRole('dialog', { name: `Slette ${NAME}?` });
  await remove.getByRole('button', { name: 'Slett' }).click();
  await expect(page.getByText(`${NAME} er slettet.`)).toBeVisible();
  await expect(screenRow(page, NAME)).toHaveCount(0);
  expect(await screenNamed(api, NAME)).toBeUndefined();
});

test('the TV’s QR code opens the page with the code checked; a new screen is made, or the code denied', async ({
  admin: { page },
  api,
  baseURL,
}) => {
  const id = unique();
  const NAME = `Spisesalen ${id}`;

  // A code nobody waits with, and one that is not a code at all.
  await page.goto('/app/tv-setup');
  const code = page.getByRole('textbox', { name: 'Koden på TV-en' });
  await code.fill('abc');
  await page.getByRole('button', { name: 'Finn skjermen' }).click();
  await expect(code).toHaveAccessibleDescription(/Koden har åtte bokstaver/);
  await expect(code).toBeFocused();
  await code.fill('BCDF-GHJK');
  await page.getByRole('button', { name: 'Finn skjermen' }).click();
  await expect(code).toHaveAccessibleDescription(
    /Fant ingen skjerm som venter med denne koden\. Koden varer i 10 minutter\./,
  );
  await expect(code).toBeFocused();

  // From the QR code: checked at once; approved as a new screen with its own fields.
  const first = await startPairing(baseURL);
  try {
    // The QR code's address is the school's public one; the test's browser knows it by its port.
    const qr = new URL(first.pairing.verificationUriComplete);
    expect(qr.pathname).toBe('/app/tv-setup');
    await page.goto(`${qr.pathname}${qr.search}`);
    await expect(
      page.getByText(`TV-en med koden ${first.pairing.userCode} venter på godkjenning`),
    ).toBeVisible();
    await expect(code).toHaveValue(first.pairing.userCode);
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    // The name is required: the check happens before anything is sent.
    const name = page.getByRole('textbox', { name: 'Navn' });
    await expect(name).toBeFocused();
    await name.fill(NAME);
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await expect(page.getByText(`${NAME} er koblet til.`, { exact: false })).toBeVisible();
    // The address forgets the code once it is used.
    await expect(page).toHaveURL(/\/app\/tv-setup$/);
    const approved = await first.tv.post('/api/v1/screens/pairing/token', {
      data: { deviceCode: first.pairing.deviceCode },
    });
    expect(approved.status()).toBe(200);
    const made = await screenNamed(api, NAME);
    expect(made).toMatchObject({ paired: true, layout: { orientation: 'landscape', roomId: null } });
    await expect(screenRow(page, NAME).getByText('Frakoblet')).toBeVisible();
  } finally {
    await first.tv.dispose();
  }

  // Denied: the TV is told so.
  const second = await startPairing(baseURL);
  try {
    await page.goto(`/app/tv-setup?code=${encodeURIComponent(second.pairing.userCode)}`);
    await expect(
      page.getByText(`TV-en med koden ${second.pairing.userCode} venter på godkjenning`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Avvis' }).click();
    await expect(page.getByText(`Koden ${second.pairing.userCode} er avvist.`)).toBeVisible();
    const denied = await second.tv.post('/api/v1/screens/pairing/token', {
      data: { deviceCode: second.pairing.deviceCode },
    });
    expect(denied.status()).toBe(400);
    expect((await denied.json()).code).toBe('access-denied');
  } finally {
    await second.tv.dispose();
  }

  const made = await screenNamed(api, NAME);
  if (made) await call(api, 'DELETE', `/api/v1/screens/${made.id}`);
});

test('the emergency banner is raised on every screen after a confirmation, and lowered', async ({
  admin: { page },
  api,
}) => {
  const MESSAGE = `Brannøvelse: gå ut til samlingsplassen ${unique()}`;
  await page.goto('/app/tv-setup');
  const section = page.getByRole('region', { name: 'Nødmelding' });
  await section.getByRole('textbox', { name: 'Melding' }).fill(MESSAGE);
  await section.getByRole('button', { name: 'Vis på alle skjermer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Vise nødmeldingen på alle skjermer?' });
  await expect(confirm).toContainText(MESSAGE);
  await expectNoAxeViolations(page, 'the emergency confirmation');
  await confirm.getByRole('button', { name: 'Vis nødmeldingen' }).click();
  await expect(page.getByText('Nødmeldingen vises nå på alle skjermene.')).toBeVisible();
  await expect(section.getByText('Vises nå på alle skjermer')).toBeVisible();
  await expect(section.getByTestId('emergency-message')).toHaveText(MESSAGE);
  expect(await call<{ message: string } | null>(api, 'GET', '/api/v1/screens/emergency')).toMatchObject({
    message: MESSAGE,
  });
  await expectNoAxeViolations(page, 'the page with the banner up');

  await section.getByRole('button', { name: 'Ta ned nødmeldingen' }).click();
  await expect(page.getByText('Nødmeldingen er tatt ned.')).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Melding' })).toBeVisible();
  expect(await call(api, 'GET', '/api/v1/screens/emergency')).toBeNull();
});

test('a teacher has no TV setup in the navigation and is refused the page', async ({ teacher: { page } }) => {
  await page.goto('/app/dashboard');
  const navigation = page.getByRole('navigation', { name: 'Hovedmeny' });
  await expect(navigation.getByRole('link').first()).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'TV-oppsett' })).toHaveCount(0);
  await page.goto('/app/tv-setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingen tilgang' })).toBeVisible();
  expect((await page.request.get('/api/v1/screens')).status()).toBe(403);
});
