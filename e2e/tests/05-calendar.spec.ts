import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signInByApi } from '../fixtures';

// Made in 04-directory.spec.ts.
const TEACHER = { email: 'lars@fjelltun.no', password: 'laerer-passord-1' };
const STUDENT = { email: 'siri@fjelltun.no', password: 'elev-passord-123' };

/** Picks options in a Mantine Select or MultiSelect by its label. */
async function choose(page: Page, label: string, ...options: string[]): Promise<void> {
  for (const option of options) {
    await page.getByRole('textbox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  // A MultiSelect stays open; Escape closes it (a Select is closed, and Escape would close the dialog).
  if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
}

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test.describe.serial('the calendar', () => {
  test.beforeAll(async ({ browser }) => {
    // Lines, an elective and a student with a login, made through the API: the directory has
    // its own test. Siri is on Musikk and takes no elective.
    const page = await (await browser.newContext()).newPage();
    await signInByApi(page);
    const room = await post<{ id: string }>(page.request, '/api/v1/rooms', { name: 'Musikkrommet' });
    const music = await post<{ id: string }>(page.request, '/api/v1/lines', {
      name: 'Musikk',
      shortName: 'MUS',
      color: 'grape',
      mainRoom: room.id,
    });
    await post(page.request, '/api/v1/lines', { name: 'Kunst', shortName: 'KUN', color: 'orange' });
    await post(page.request, '/api/v1/electives', { name: 'Keramikk', color: 'teal' });
    const siri = await post<{ id: string }>(page.request, '/api/v1/people', {
      name: { first: 'Siri', last: 'Elev' },
      email: STUDENT.email,
      roles: [],
      memberOf: [music.id],
    });
    const link = await post<{ url: string }>(page.request, `/api/v1/people/${siri.id}/password-link`, {});
    const token = new URL(link.url).searchParams.get('token');
    await post(page.request, '/api/v1/password-links/set', { token, password: STUDENT.password });
    await page.context().close();
  });

  test('the admin builds the week: a meal, a line subject and an elective', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/app/setup/schedule');
    const add = async (name: string, from: string, to: string, type: string, fill?: () => Promise<void>) => {
      await page.getByRole('button', { name: 'Ny oppføring på Mandag' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ny oppføring, Mandag' });
      await dialog.getByRole('textbox', { name: 'Navn', exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: 'Fra', exact: true }).fill(from);
      await dialog.getByRole('textbox', { name: 'Til', exact: true }).fill(to);
      await choose(page, 'Type', type);
      await fill?.();
      await dialog.getByRole('button', { name: 'Legg til' }).click();
      await expect(dialog).toBeHidden();
    };
    await add('Frokost', '08:00', '08:30', 'Mat/Måltid');
    await add('Linjefag', '09:00', '11:30', 'Linjefag', () => choose(page, 'For linjer', 'Musikk', 'Kunst'));
    await add('Valgfag', '12:30', '14:00', 'Valgfag', async () => {
      await choose(page, 'For valgfag', 'Keramikk');
      await expectNoAxeViolations(page, 'schedule entry form');
    });
    await expect(page.getByText('Ulagrede endringer')).toBeVisible();
    await page.getByRole('button', { name: 'Lagre', exact: true }).click();
    await expect(page.getByText('Timeplanen er lagret.')).toBeVisible();
    await expectNoAxeViolations(page, '/app/setup/schedule with a week');

    await page.reload();
    const monday = page.getByRole('region', { name: 'Mandag' });
    for (const entry of ['Frokost, 08:00–08:30', 'Linjefag, 09:00–11:30', 'Valgfag, 12:30–14:00']) {
      await expect(monday.getByRole('button', { name: `Rediger ${entry}` })).toBeVisible();
    }
  });

  test("a student sees the school's meals and only their own line's lessons", async ({ page }) => {
    await signInByApi(page, STUDENT.email, STUDENT.password);
    await page.goto('/app/calendar');
    await expect(page.getByRole('button', { name: 'Min kalender' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /Frokost/ })).toHaveCount(1);
    // Musikk's lesson, in Musikk's own room; not Kunst's, and no elective.
    await expect(page.getByRole('button', { name: /Linjefag/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Linjefag/ })).toContainText('Musikkrommet');
    await expect(page.getByRole('button', { name: /Valgfag/ })).toHaveCount(0);
    await expectNoAxeViolations(page, '/app/calendar as a student');
  });

  test('a teacher moves a lesson, reverts it, and deletes another', async ({ page }) => {
    await signInByApi(page, TEACHER.email, TEACHER.password);
    await page.goto('/app/calendar');
    await page.getByRole('button', { name: 'Hele skolen' }).click();
    const lessons = page.getByRole('button', { name: /Linjefag/ });
    await expect(lessons).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Valgfag/ })).toHaveCount(1);
    await expectNoAxeViolations(page, '/app/calendar, whole school, week');

    // Move Musikk's lesson an hour later: an override of this one occurrence.
    const music = lessons.filter({ hasText: 'Musikkrommet' });
    await music.click();
    const details = page.getByRole('dialog', { name: 'Linjefag' });
    await expect(details).toContainText('Fra timeplanen');
    await expectNoAxeViolations(page, 'event details');
    await details.getByRole('button', { name: 'Rediger' }).click();
    const form = page.getByRole('dialog', { name: 'Rediger hendelse' });
    const start = form.getByLabel(/^Start/);
    const end = form.getByLabel(/^Slutt/);
    await start.fill((await start.inputValue()).replace('T09:00', 'T10:00'));
    await end.fill((await end.inputValue()).replace('T11:30', 'T12:30'));
    await expectNoAxeViolations(page, 'event form');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await expect(form).toBeHidden();
    await expect(music).toContainText('10:00');

    // Revert it to the timetable.
    await music.click();
    await expect(details).toContainText('Endret fra timeplanen');
    await details.getByRole('button', { name: 'Tilbakestill til timeplanen' }).click();
    const confirmRevert = page.getByRole('dialog', { name: 'Tilbakestille til timeplanen?' });
    await confirmRevert.getByRole('button', { name: 'Tilbakestill' }).click();
    await expect(page.getByText('«Linjefag» følger timeplanen igjen')).toBeVisible();
    await expect(music).toContainText('09:00');

    // Delete Kunst's lesson this once.
    await lessons.filter({ hasNotText: 'Musikkrommet' }).click();
    await details.getByRole('button', { name: 'Slett' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Slette hendelsen?' });
    await expect(confirmDelete).toContainText('Bare denne gangen');
    await expectNoAxeViolations(page, 'delete occurrence dialog');
    await confirmDelete.getByRole('button', { name: 'Slett' }).click();
    await expect(lessons).toHaveCount(1);

    // The server agrees: the week holds the Musikk lesson back at 09:00 and no Kunst lesson.
    const week = (await (
      await page.request.get(
        `/api/v1/calendar?from=${encodeURIComponent(mondayIso(0))}&to=${encodeURIComponent(mondayIso(7))}`,
      )
    ).json()) as { events: { name: string; overrides: string | null }[] };
    expect(week.events.filter((e) => e.name === 'Linjefag')).toHaveLength(1);
    expect(week.events.every((e) => e.overrides === null)).toBe(true);
  });
});

/** Monday of this week plus `days`, as an instant (the week view shows Monday to Sunday). */
function mondayIso(days: number): string {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7) + days);
  return date.toISOString();
}
