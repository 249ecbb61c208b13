import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique, type Member } from '../fixtures';

/**
 * The browsers' clock stands still on a Wednesday at noon, so that the week view shows the same
 * whole week at any hour of any day (late on a Sunday, the week in Oslo and in UTC differ). The
 * normal week repeats every week, so the server needs no clock of its own for it.
 */
const WEDNESDAY = new Date('2030-03-13T12:00:00+01:00');
const WEEK = { from: '2030-03-10T23:00:00.000Z', to: '2030-03-17T23:00:00.000Z' };

/** Picks options in a Mantine Select or MultiSelect by its label. */
async function choose(page: Page, label: string, ...options: string[]): Promise<void> {
  for (const option of options) {
    await page.getByRole('textbox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  // A MultiSelect stays open; Escape closes it (a Select is closed, and Escape would close the dialog).
  if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
}

/** Two lines (Musikk with a room of its own), an elective and a room, with names of their own. */
async function directory(api: APIRequestContext) {
  const id = unique();
  const names = {
    ROOM: `Musikkrommet ${id}`,
    MUSIC: `Musikk ${id}`,
    ART: `Kunst ${id}`,
    ELECTIVE: `Keramikk ${id}`,
  };
  const room = await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: names.ROOM });
  const music = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
    name: names.MUSIC,
    shortName: 'MUS',
    color: 'grape',
    mainRoom: room.id,
  });
  const art = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
    name: names.ART,
    shortName: 'KUN',
    color: 'orange',
  });
  const elective = await call<{ id: string }>(api, 'POST', '/api/v1/electives', {
    name: names.ELECTIVE,
    color: 'teal',
  });
  return { ...names, music: music.id, art: art.id, elective: elective.id };
}

/**
 * The normal week is one per school: each test sets it whole. This is the week the admin builds
 * through the form in the first test: a meal, a lesson for both lines and an elective on Monday.
 */
async function mondayWeek(api: APIRequestContext, made: Awaited<ReturnType<typeof directory>>) {
  const entry = (name: string, from: string, to: string, type: string, targets: object) => ({
    name,
    from,
    to,
    type,
    mandatory: true,
    groupsAttending: [],
    roomUsed: null,
    forClasses: [],
    forElectives: [],
    ...targets,
  });
  await call(api, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
    name: 'Normaluke',
    days: {
      Mo: [
        entry('Frokost', '08:00', '08:30', 'dining', {}),
        entry('Linjefag', '09:00', '11:30', 'class', { forClasses: [made.music, made.art] }),
        entry('Valgfag', '12:30', '14:00', 'elective', { forElectives: [made.elective] }),
      ],
    },
  });
}

test.describe('the calendar', () => {
  test('the admin builds the week: a meal, a line subject and an elective', async ({
    admin: { page },
    api,
  }) => {
    // Three dialogs and two axe checks: near the default timeout on a busy machine.
    test.slow();
    const { MUSIC, ART, ELECTIVE } = await directory(api);
    await call(api, 'PUT', '/api/v1/calendar/schedules/normalWeek', { name: 'Normaluke', days: {} });
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
    await add('Linjefag', '09:00', '11:30', 'Linjefag', () => choose(page, 'For linjer', MUSIC, ART));
    await add('Valgfag', '12:30', '14:00', 'Valgfag', async () => {
      await choose(page, 'For valgfag', ELECTIVE);
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

  test("a student sees the school's meals and only their own line's lessons", async ({ api, member }) => {
    const made = await directory(api);
    await mondayWeek(api, made);
    const { ROOM } = made;
    // On Musikk, and in no elective.
    const { page } = await atWednesday(await member({ memberOf: [made.music] }));
    await page.goto('/app/calendar');
    await expect(page.getByRole('button', { name: 'Min kalender' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /Frokost/ })).toHaveCount(1);
    // Musikk's lesson, in Musikk's own room; not Kunst's, and no elective.
    await expect(page.getByRole('button', { name: /Linjefag/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Linjefag/ })).toContainText(ROOM);
    await expect(page.getByRole('button', { name: /Valgfag/ })).toHaveCount(0);
    await expectNoAxeViolations(page, '/app/calendar as a student');
  });

  test('a teacher moves a lesson, reverts it, and deletes another', async ({ api, teacher }) => {
    // Five dialogs and five axe checks: near the default timeout on a busy machine.
    test.slow();
    const made = await directory(api);
    await mondayWeek(api, made);
    const { ROOM } = made;
    const { page } = await atWednesday(teacher);
    await page.goto('/app/calendar');
    await page.getByRole('button', { name: 'Hele skolen' }).click();
    const lessons = page.getByRole('button', { name: /Linjefag/ });
    await expect(lessons).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Valgfag/ })).toHaveCount(1);
    await expectNoAxeViolations(page, '/app/calendar, whole school, week');

    // Move Musikk's lesson an hour later: an override of this one occurrence.
    const music = lessons.filter({ hasText: ROOM });
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
    await lessons.filter({ hasNotText: ROOM }).click();
    await details.getByRole('button', { name: 'Slett' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Slette hendelsen?' });
    await expect(confirmDelete).toContainText('Bare denne gangen');
    await expectNoAxeViolations(page, 'delete occurrence dialog');
    await confirmDelete.getByRole('button', { name: 'Slett' }).click();
    await expect(lessons).toHaveCount(1);

    // The server agrees: the week holds the Musikk lesson back at 09:00 and no Kunst lesson.
    const week = await call<{ events: { name: string; overrides: string | null }[] }>(
      page.request,
      'GET',
      `/api/v1/calendar?from=${encodeURIComponent(WEEK.from)}&to=${encodeURIComponent(WEEK.to)}`,
    );
    expect(week.events.filter((e) => e.name === 'Linjefag')).toHaveLength(1);
    expect(week.events.every((e) => e.overrides === null)).toBe(true);
  });

  test('an evening that runs past midnight shows its part on the next morning, before the school day', async ({
    api,
    teacher,
  }) => {
    // Sunday 23:00 to Monday 00:30 in Oslo: of the week shown, only the half hour on Monday.
    const NIGHT_WALK = `Nattevandring ${unique()}`;
    await call(api, 'POST', '/api/v1/calendar/events', {
      name: NIGHT_WALK,
      start: '2030-03-10T22:00:00.000Z',
      end: '2030-03-10T23:30:00.000Z',
      type: 'physact',
      mandatory: false,
      groupsAttending: [],
      roomUsed: null,
    });
    const { page } = await atWednesday(teacher);
    await page.goto('/app/calendar');
    await page.getByRole('button', { name: 'Hele skolen' }).click();
    const walk = page.getByRole('button', { name: new RegExp(NIGHT_WALK) });
    await expect(walk).toBeVisible();
    await expect(walk).toContainText('00:00–00:30');
  });
});

async function atWednesday(member: Member): Promise<Member> {
  await member.page.clock.setFixedTime(WEDNESDAY);
  return member;
}
