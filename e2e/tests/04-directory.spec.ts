import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';

/** Picks an option in a Mantine Select or MultiSelect by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Names of one test's own, so that it can run again on the same school. */
function names() {
  const id = unique();
  return {
    ROOM: `Fjellsalen ${id}`,
    LINE: `Friluftsliv ${id}`,
    ELECTIVE: `Klatring ${id}`,
    STUDENTS: [
      { first: 'Ola', last: `Nordmann ${id}` },
      { first: 'Kari', last: `Bakken ${id}` },
    ],
  };
}

// Each step of setting up the directory goes through its form; what it builds on is made through
// the API.
test.describe('an admin sets up the school directory', () => {
  test('creates a room', async ({ admin: { page } }) => {
    const { ROOM } = names();
    await page.goto('/app/rooms');
    await page.getByRole('button', { name: 'Nytt rom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nytt rom' });
    await dialog.getByRole('textbox', { name: 'Navn', exact: true }).fill(ROOM);
    await expectNoAxeViolations(page, 'new room dialog');
    await dialog.getByRole('button', { name: 'Opprett rom' }).click();
    // axe looks only once the closing dialog has faded away.
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: ROOM, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/app/rooms with a room');
  });

  test('creates a line with a room', async ({ admin: { page }, api }) => {
    const { ROOM, LINE } = names();
    await call(api, 'POST', '/api/v1/rooms', { name: ROOM });
    await page.goto('/app/classes');
    await page.getByRole('button', { name: 'Ny linje' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Navn', exact: true }).fill(LINE);
    await dialog.getByRole('textbox', { name: 'Forkortet navn', exact: true }).fill('FRI');
    await choose(page, 'Fargetema', 'Grønn');
    await choose(page, 'Dedikert rom', ROOM);
    await dialog.getByRole('button', { name: 'Opprett' }).click();
    await expect(page).toHaveURL(/\/app\/classes\/details\?classId=/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'line details');
  });

  test('creates an elective in a room', async ({ admin: { page }, api }) => {
    const { ROOM, ELECTIVE } = names();
    await call(api, 'POST', '/api/v1/rooms', { name: ROOM });
    await page.goto('/app/electives');
    await page.getByRole('button', { name: 'Nytt valgfag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Navn', exact: true }).fill(ELECTIVE);
    await choose(page, 'Hovedrom', ROOM);
    await dialog.getByRole('button', { name: 'Opprett valgfag' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: ELECTIVE, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/app/electives');
  });

  test('adds two people to a line', async ({ admin: { page }, api }) => {
    const { LINE, STUDENTS } = names();
    await call(api, 'POST', '/api/v1/lines', { name: LINE, shortName: 'FRI', color: 'green' });
    await page.goto('/app/users');
    for (const student of STUDENTS) {
      await page.getByRole('button', { name: 'Ny bruker' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ny bruker' });
      await dialog.getByRole('textbox', { name: 'Fornavn', exact: true }).fill(student.first);
      await dialog.getByRole('textbox', { name: 'Etternavn', exact: true }).fill(student.last);
      await choose(page, 'Medlem av', LINE);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Opprett bruker' }).click();
      await expect(dialog).toBeHidden();
      // The new person's details open; close them.
      const details = page.getByRole('dialog', { name: `${student.first} ${student.last}` });
      await details.getByRole('button', { name: 'Lukk' }).click();
      await expect(details).toBeHidden();
      await expect(page.getByRole('cell', { name: `${student.first} ${student.last}` })).toBeVisible();
    }
    await expectNoAxeViolations(page, '/app/users');
  });

  test('deleting a room shows what refers to it, then clears it', async ({ admin: { page }, api }) => {
    const { ROOM, LINE, ELECTIVE } = names();
    const room = await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: ROOM });
    await call(api, 'POST', '/api/v1/lines', {
      name: LINE,
      shortName: 'FRI',
      color: 'green',
      mainRoom: room.id,
    });
    await call(api, 'POST', '/api/v1/electives', { name: ELECTIVE, color: 'teal', mainRoom: room.id });
    await page.goto('/app/rooms');
    await page.getByRole('button', { name: `Slett ${ROOM}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Det finnes referanser til dette rommet!' });
    await expect(dialog).toContainText('Linjer: 1');
    await expect(dialog).toContainText('Valgfag: 1');
    await expect(dialog).toContainText('Kommende egendefinerte hendelser: 0');
    await expect(dialog).toContainText('Hendelser i timeplanen: 0');
    await expectNoAxeViolations(page, 'room delete dialog');
    await dialog.getByRole('button', { name: 'Slett rommet' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Rommet «${ROOM}» er slettet.`)).toBeVisible();
    await expect(page.getByRole('cell', { name: ROOM, exact: true })).toHaveCount(0);
  });

  test('deleting a line warns that its two members lose it, and what the calendar loses', async ({
    admin: { page },
    api,
  }) => {
    const { LINE, STUDENTS } = names();
    const lineId = (
      await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
        name: LINE,
        shortName: 'FRI',
        color: 'green',
      })
    ).id;
    for (const name of STUDENTS) await call(api, 'POST', '/api/v1/people', { name, memberOf: [lineId] });
    // A lesson for the line alone, which goes with it rather than becoming everyone's.
    const lesson = {
      name: 'Linjefag',
      from: '09:00',
      to: '11:00',
      type: 'class',
      mandatory: true,
      groupsAttending: [],
      roomUsed: null,
      forClasses: [lineId],
      forElectives: [],
    };
    const saved = await page.request.put('/api/v1/calendar/schedules/normalWeek', {
      data: { name: 'Normaluke', days: { Mo: [lesson] } },
    });
    expect(saved.status()).toBe(200);

    await page.goto('/app/classes');
    await page.getByRole('button', { name: `Slett ${LINE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Det finnes påvirkede brukere' });
    await expect(dialog).toContainText(`2 brukere vil fjernes fra ${LINE}`);
    await expect(dialog).toContainText('Oppføringer i timeplanen som bare var for den, og som slettes: 1');
    // Persistent: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(page.getByRole('cell', { name: LINE, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Slett ${LINE}` }).click();
    await page
      .getByRole('dialog', { name: 'Det finnes påvirkede brukere' })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect(page.getByRole('cell', { name: LINE, exact: true })).toHaveCount(0);
    const people: { name: { last: string }; memberOf: string[] }[] = await (
      await page.request.get('/api/v1/people')
    ).json();
    const members = people.filter((p) => STUDENTS.some((student) => student.last === p.name.last));
    expect(members.map((p) => p.memberOf)).toEqual([[], []]);
    const week = await (await page.request.get('/api/v1/calendar/schedules/normalWeek')).json();
    expect(week.days.Mo).toEqual([]);
  });

  test('an import with one bad row shows the error and writes nothing', async ({ admin: { page } }) => {
    const before = (await (await page.request.get('/api/v1/people')).json()).length;
    await page.goto('/app/users');
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer personer' });
    const csv =
      '\uFEFFFornavn;Etternavn;E-post;Linje\nSigrid;Lunde;sigrid@fjelltun.no;\nPer;Hagen;ikke-en-epost;\n';
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'elever.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await expect(
      dialog.getByText('1 feil må rettes i filen før du kan importere. Ingenting er lagret.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Importer 2 personer/ })).toBeDisabled();
    await expectNoAxeViolations(page, 'import preview with an error');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    const after = (await (await page.request.get('/api/v1/people')).json()).length;
    expect(after).toBe(before);
  });
});

test('a teacher signs in with a one-time link and sees no admin actions', async ({ api, browser }) => {
  const created = await api.post('/api/v1/people', {
    data: {
      name: { first: 'Lars', last: 'Lærer' },
      email: `${unique()}@e2e.fjelltun.no`,
      roles: ['teacher'],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const link = await api.post(`/api/v1/people/${id}/password-link`);
  expect(link.status()).toBe(201);
  const { url } = await link.json();

  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto(new URL(url).pathname + new URL(url).search);
  await teacher.getByRole('textbox', { name: 'Passord', exact: true }).fill('laerer-passord-1');
  await teacher.getByRole('textbox', { name: 'Gjenta passord', exact: true }).fill('laerer-passord-1');
  await expectNoAxeViolations(teacher, '/set-password');
  await teacher.getByRole('button', { name: 'Sett passord og logg inn' }).click();
  await expect(teacher).toHaveURL(/\/app\/dashboard$/);

  await teacher.goto('/app/rooms');
  await expect(teacher.getByRole('heading', { level: 1, name: 'Rom' })).toBeVisible();
  await expect(teacher.getByRole('button', { name: 'Nytt rom' })).toHaveCount(0);
  await teacher.goto('/app/classes');
  await expect(teacher.getByRole('button', { name: 'Ny linje' })).toHaveCount(0);
  await teacher.goto('/app/electives');
  await expect(teacher.getByRole('button', { name: 'Nytt valgfag' })).toHaveCount(0);
  const nav = teacher.getByRole('navigation', { name: 'Hovedmeny' });
  await expect(nav.getByRole('link', { name: 'Brukere' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Rolletabell' })).toHaveCount(0);
  // The server refuses what the page hides.
  expect((await teacher.request.post('/api/v1/rooms', { data: { name: 'Snikrom' } })).status()).toBe(403);
  await expectNoAxeViolations(teacher, '/app/electives as a teacher');
  await teacher.context().close();
});

test('a second browser sees directory changes without reloading', async ({ admin: { page }, api }) => {
  const id = unique();
  await page.goto('/app/rooms');
  await expect(page.getByRole('heading', { level: 1, name: 'Rom' })).toBeVisible();
  await call(api, 'POST', '/api/v1/rooms', { name: `Peisestua ${id}` });
  await expect(page.getByRole('cell', { name: `Peisestua ${id}`, exact: true })).toBeVisible();

  await page.goto('/app/students');
  await call(api, 'POST', '/api/v1/people', { name: { first: 'Live', last: `Eleven ${id}` } });
  await expect(page.getByText(`Live Eleven ${id}`)).toBeVisible();
  await expectNoAxeViolations(page, '/app/students');
});

test('a write made after the first fetch but before the live stream opens still shows', async ({
  admin: { page },
  api,
}) => {
  // Hold the page's live stream until the write has landed: the stream will never announce it.
  let releaseStream!: () => void;
  const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
  // The stream resumes from the page's live floor (`?lastEventId=`): any query string.
  await page.route('**/api/v1/live?*', async (route) => {
    await streamHeld;
    await route.continue();
  });
  const roomsFetched = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/rooms' && response.ok(),
  );
  await page.goto('/app/rooms');
  await roomsFetched;
  await expect(page.getByRole('heading', { level: 1, name: 'Rom' })).toBeVisible();

  const name = `Låven ${unique()}`;
  await call(api, 'POST', '/api/v1/rooms', { name });
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);

  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/live',
  );
  releaseStream();
  await streamOpened;
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});

test('«Avslutt» hides a person from the users page until «Vis tidligere», and can be undone', async ({
  admin: { page },
}) => {
  const name = { first: 'Siri', last: `Slutter ${unique()}` };
  const full = `${name.first} ${name.last}`;
  expect((await page.request.post('/api/v1/people', { data: { name } })).status()).toBe(201);
  await page.goto('/app/users');
  await page.getByRole('button', { name: full, exact: true }).click();
  const details = page.getByRole('dialog', { name: full });
  // No history yet: a plain delete is offered beside «Avslutt».
  await expect(details.getByRole('button', { name: 'Slett', exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Avslutt' }).click();
  await expect(details.getByLabel('Sluttdato')).toBeVisible();
  await details.getByRole('button', { name: 'Avslutt' }).click();
  await expect(details.getByRole('button', { name: 'Angre avslutning' })).toBeVisible();
  await expect(details).toContainText('Sluttet');
  await expectNoAxeViolations(page, '/app/users, a person who has left');
  await details.getByRole('button', { name: 'Lukk' }).click();

  await expect(page.getByRole('button', { name: full, exact: true })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Vis tidligere' }).check();
  const former = page.getByRole('button', { name: new RegExp(`^${full} Sluttet`) });
  await expect(former).toBeVisible();
  await former.click();
  await details.getByRole('button', { name: 'Angre avslutning' }).click();
  await expect(details.getByRole('button', { name: 'Avslutt' })).toBeVisible();
  await details.getByRole('button', { name: 'Lukk' }).click();
  await page.getByRole('switch', { name: 'Vis tidligere' }).uncheck();
  await expect(page.getByRole('button', { name: full, exact: true })).toBeVisible();
});
