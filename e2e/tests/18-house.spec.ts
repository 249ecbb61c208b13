import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Leave } from '@tun/shared/leave';
import { expectNoAxeViolations } from '../axe';
import { call, expect, SCHOOL, test, unique } from '../fixtures';

const HOUR = 60 * 60_000;
const PHONE = { width: 375, height: 812 };

/** A student with a room and a phone, made by the admin (no sign-in of their own). */
async function resident(api: APIRequestContext, first: string, id: string, room: string, phone: string) {
  const made = await call<{ id: string }>(api, 'POST', '/api/v1/people', {
    name: { first, last: `Husbakken ${id}` },
    email: `${first
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}-${id}@e2e.fjelltun.no`,
    room,
    phone,
    roles: [],
    memberOf: [],
  });
  return { id: made.id, fullName: `${first} Husbakken ${id}` };
}

async function openHouseTab(page: Page): Promise<void> {
  await page.goto('/app/tilsyn?tab=house');
  await expect(page.getByRole('tab', { name: 'På huset i natt' })).toHaveAttribute('aria-selected', 'true');
}

/** A room's section on «På huset i natt»: its heading names it. */
const room = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A person's entry on the list (in a room, or anywhere), and their two toggles. */
const entry = (page: Page, fullName: string, within: Locator = page.locator('main')) =>
  within.getByRole('listitem').filter({ has: page.getByRole('group', { name: `Sjekk av ${fullName}` }) });
const toggle = (page: Page, fullName: string, name: 'Inne' | 'Ikke inne') =>
  page.getByRole('group', { name: `Sjekk av ${fullName}` }).getByRole('button', { name, exact: true });

/** «Borte i natt»: who sleeps away on leave. */
const awaySection = (page: Page) => page.getByRole('region', { name: 'Borte i natt' });

test('a teacher checks the house on a phone; the fire list leaves out «Ikke inne» and a night away, and a withdrawn leave brings the student back', async ({
  api,
  member,
  teacher,
}) => {
  // Three people, the house tab live through a leave and its withdrawal, two pages, axe three times.
  test.slow();
  const id = unique();
  const north = `Nordhuset ${id} 1`;
  const south = `Nordhuset ${id} 2`;
  const ase = await resident(api, 'Åse', id, north, '+47 900 10 001');
  const bo = await resident(api, 'Bo', id, north, '+47 900 10 002');
  const cato = await member({ first: 'Cato', last: `Husbakken ${id}` });
  await call(api, 'PATCH', `/api/v1/people/${cato.id}`, { room: south, phone: '+47 900 10 003' });

  // The list, by room, on a phone: a name, a phone to tap and two large toggles each.
  const { page } = teacher;
  await page.setViewportSize(PHONE);
  await openHouseTab(page);
  await expect(page.getByRole('heading', { level: 2, name: /^Natt til / })).toBeVisible();
  await expect(entry(page, ase.fullName, room(page, north))).toBeVisible();
  await expect(entry(page, bo.fullName, room(page, north))).toBeVisible();
  await expect(entry(page, cato.fullName, room(page, south))).toBeVisible();
  await expect(entry(page, ase.fullName).getByRole('link', { name: '+47 900 10 001' })).toHaveAttribute(
    'href',
    'tel:+4790010001',
  );
  await expect(entry(page, ase.fullName)).toContainText('Ikke sjekket');
  const box = await toggle(page, ase.fullName, 'Inne').boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);

  // «Inne» for Åse, «Ikke inne» for Bo; pressing the pressed one clears it.
  await toggle(page, ase.fullName, 'Inne').click();
  await expect(toggle(page, ase.fullName, 'Inne')).toHaveAttribute('aria-pressed', 'true');
  await expect(entry(page, ase.fullName)).toContainText(/Inne kl\. \d\d:\d\d/);
  await toggle(page, ase.fullName, 'Inne').click();
  await expect(toggle(page, ase.fullName, 'Inne')).toHaveAttribute('aria-pressed', 'false');
  await expect(entry(page, ase.fullName)).toContainText('Ikke sjekket');
  await toggle(page, ase.fullName, 'Inne').click();
  await expect(toggle(page, ase.fullName, 'Inne')).toHaveAttribute('aria-pressed', 'true');
  await toggle(page, bo.fullName, 'Ikke inne').click();
  await expect(toggle(page, bo.fullName, 'Ikke inne')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, bo.fullName, 'Inne')).toHaveAttribute('aria-pressed', 'false');
  await expect(entry(page, bo.fullName)).toContainText(/Ikke inne kl\. \d\d:\d\d/);
  // The checks are the server's, not only the page's.
  await page.reload();
  await expect(toggle(page, ase.fullName, 'Inne')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, bo.fullName, 'Ikke inne')).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, 'the house tab on a phone');

  // The fire list: everyone in the house now, without Bo, who is not in.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Skriv ut brannliste' }).click();
  await expect(page).toHaveURL(/\/app\/tilsyn\/brannliste$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Brannliste – ${SCHOOL.longName}` }),
  ).toBeVisible();
  await expect(page.getByText(/^Laget /)).toBeVisible();
  const fireList = page.getByRole('table', { name: 'Personer i huset nå' });
  await expect(fireList.getByRole('row', { name: new RegExp(ase.fullName) })).toBeVisible();
  await expect(fireList.getByRole('row', { name: new RegExp(cato.fullName) })).toBeVisible();
  await expect(fireList.getByRole('rowheader', { name: north, exact: true })).toBeVisible();
  await expect(fireList.getByText(bo.fullName)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
  await expectNoAxeViolations(page, 'the fire list');
  await page.getByRole('link', { name: 'Tilbake' }).click();
  await expect(page.getByRole('tab', { name: 'På huset i natt' })).toHaveAttribute('aria-selected', 'true');

  // Cato applies for a night away covering tonight, whatever the hour (a night is named by the
  // evening it begins; it is covered when 03:00 the morning after is), and the admin approves:
  // the open list follows live.
  await expect(entry(page, cato.fullName, room(page, south))).toBeVisible();
  const applied = await call<Leave>(cato.page.request, 'POST', '/api/v1/leave', {
    start: new Date(Date.now() - 12 * HOUR).toISOString(),
    end: new Date(Date.now() + 24 * HOUR).toISOString(),
    category: 'home',
    reason: 'Helg hjemme',
    sleepsAway: true,
    phone: '+47 911 22 333',
  });
  await call(api, 'POST', `/api/v1/leave/${applied.id}/decision`, { decision: 'approved', comment: '' });
  const away = awaySection(page).getByRole('listitem').filter({ hasText: cato.fullName });
  await expect(away).toBeVisible();
  await expect(away).toContainText('Hjemreise');
  await expect(away).toContainText(south);
  await expect(away.getByRole('link', { name: '+47 911 22 333' })).toBeVisible();
  await expect(entry(page, cato.fullName)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the house tab with a night away');

  await page.goto('/app/tilsyn/brannliste');
  await expect(fireList.getByRole('row', { name: new RegExp(ase.fullName) })).toBeVisible();
  await expect(fireList.getByText(cato.fullName)).toHaveCount(0);

  // Withdrawn, the leave no longer takes Cato out of the house.
  await openHouseTab(page);
  await expect(away).toBeVisible();
  await call(cato.page.request, 'POST', `/api/v1/leave/${applied.id}/withdraw`);
  await expect(entry(page, cato.fullName, room(page, south))).toBeVisible();
  await expect(away).toHaveCount(0);
  await page.goto('/app/tilsyn/brannliste');
  await expect(fireList.getByRole('row', { name: new RegExp(cato.fullName) })).toBeVisible();
});

test('a scholar sees the house only while on supervision duty', async ({ api, member }) => {
  const id = unique();
  const north = `Sørhuset ${id}`;
  const dina = await resident(api, 'Dina', id, north, '+47 900 20 001');
  const scholar = await member({ first: 'Stian', roles: ['stipp'] });
  const { page } = scholar;

  // Not on duty: a calm word, not an error, and the way to the duty.
  await page.setViewportSize(PHONE);
  await openHouseTab(page);
  await expect(page.getByText('Du har ikke tilsynet nå')).toBeVisible();
  await expect(page.getByText('Kunne ikke hente hvem som er på huset i natt.')).toHaveCount(0);
  await expect(entry(page, dina.fullName)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the house tab for a scholar not on duty');

  await page.getByRole('link', { name: 'Gå til tilsynet' }).click();
  await expect(page.getByRole('tab', { name: 'Tilsyn', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('button', { name: 'Ta over tilsynet' }).click();
  await expect(page.getByRole('button', { name: 'Avslutt tilsyn' })).toBeVisible();
  await page.getByRole('tab', { name: 'På huset i natt' }).click();
  await expect(entry(page, dina.fullName, room(page, north))).toBeVisible();
  await expect(page.getByText('Du har ikke tilsynet nå')).toHaveCount(0);

  // Done for the evening: the duty goes back to nobody.
  await call(page.request, 'POST', '/api/v1/supervision/release', {});
});

test('the 90 % report shows absence days and hours beside the minutes, and its CSV has them', async ({
  api,
  teacher,
}) => {
  const id = unique();
  const line = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/lines', {
    name: `Snekker ${id}`,
    shortName: 'SNE',
    color: 'teal',
  });
  const eli = await call<{ id: string }>(api, 'POST', '/api/v1/people', {
    name: { first: 'Eli', last: `Høvel ${id}` },
    email: `eli-${id}@e2e.fjelltun.no`,
    roles: [],
    memberOf: [line.id],
  });
  // Monday and Tuesday of last week, three lessons of an hour each day.
  const monday = new Date();
  monday.setUTCHours(8, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  const from = monday.toISOString().slice(0, 10);
  const to = new Date(monday.getTime() + 6 * 24 * HOUR).toISOString().slice(0, 10);
  // Monday: two of three hours away, an absence day. Tuesday: one hour on justified leave.
  const statuses = [
    ['notAttending', 'notAttending', 'attending'],
    ['justifiedLeave', 'attending', 'attending'],
  ] as const;
  for (const [day, lessons] of statuses.entries()) {
    for (const [hour, status] of lessons.entries()) {
      const start = new Date(monday.getTime() + day * 24 * HOUR + hour * HOUR);
      const event = await call<{ id: string }>(api, 'POST', '/api/v1/calendar/events', {
        name: `Snekring ${id}`,
        start: start.toISOString(),
        end: new Date(start.getTime() + HOUR).toISOString(),
        type: 'class',
        mandatory: true,
        roomUsed: null,
        groupsAttending: [line.id],
      });
      await call(api, 'PUT', `/api/v1/attendance/events/${encodeURIComponent(event.id)}`, {
        records: [{ studentId: eli.id, manualStatus: status, note: null }],
      });
    }
  }

  const { page } = teacher;
  await page.goto(`/app/attendance/report?from=${from}&to=${to}&line=${line.id}`);
  await expect(
    page.getByText(
      'En dag teller som fraværsdag når eleven har gått glipp av minst 50 % av dagens obligatoriske tid.',
      { exact: false },
    ),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Oppmøte per elev' });
  // Sortable headers are buttons named by their text and the sort state.
  const headers = table.getByRole('rowgroup').first().getByRole('button');
  await expect(headers.filter({ hasText: /^Fraværsdager$/ })).toBeVisible();
  await expect(headers.filter({ hasText: /^Fraværstimer$/ })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: `Eli Høvel ${id}` });
  // 360 minutes expected, 180 attended, 60 justified, 120 absent: 50 %.
  await expect(row).toContainText('50,0');
  const cells = row.getByRole('cell');
  const header = await headers.allInnerTexts();
  const column = (name: string) => header.findIndex((text) => text.trim() === name);
  await expect(cells.nth(column('Fraværsdager'))).toHaveText('1');
  await expect(cells.nth(column('Fraværstimer'))).toContainText('1,0 t');
  await expect(cells.nth(column('Fraværstimer'))).toContainText('herav gyldig: 1,0 t');
  await expectNoAxeViolations(page, 'the report with days and hours');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Last ned CSV' }).click();
  const file = await (await download).path();
  const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const [head, ...lines] = csv.trim().split(/\r?\n/);
  const columns = head?.split(';') ?? [];
  expect(columns).toContain('Fraværsdager');
  expect(columns).toContain('Fraværstimer');
  const eliLine = lines.find((text) => text.includes(`Eli Høvel ${id}`))?.split(';') ?? [];
  expect(eliLine[columns.indexOf('Fraværsdager')]).toBe('1');
  expect(eliLine[columns.indexOf('Fraværstimer')]).toBe('1,0');
});
