import type { APIRequestContext, Page } from '@playwright/test';
import type { Dish, MenuWeek } from '@tun/shared/food';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';
import { schoolDate } from '../school-date';

/** The Monday of a date's week: what the planner names a week by. */
function mondayOf(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
}

/** A wall-clock time at the school on a date, as an instant with Oslo's offset that day. */
function schoolInstant(date: string, time: string): string {
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Oslo', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T${time}:00Z`))
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(`${date}T${time}:00${offset || '+00:00'}`).toISOString();
}

/** A whole-school dining event of the test's own: a meal the planner shows under its name. */
async function diningEvent(api: APIRequestContext, name: string, date: string, from: string, to: string) {
  await call(api, 'POST', '/api/v1/calendar/events', {
    name,
    start: schoolInstant(date, from),
    end: schoolInstant(date, to),
    type: 'dining',
    mandatory: false,
    roomUsed: null,
    groupsAttending: [],
  });
}

/** Picks an option in a Mantine Select by typing to search, as a cook would in a long library. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label, exact: true });
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the food planner', () => {
  test('the kitchen builds and publishes a meal; a student sees it on the dashboard and opts out of a later meal; a teacher cannot edit', async ({
    api,
    member,
    teacher,
  }) => {
    // Four people's pages, two dialogs, the print view and seven axe checks.
    test.slow();
    const id = unique();
    const TODAY_MEAL = `Middag ${id}`;
    const LATER_MEAL = `Kveldsmat ${id}`;
    const FISH = `Fiskegrateng ${id}`;
    const LENTILS = `Linsegryte ${id}`;
    const today = schoolDate();
    const tomorrow = schoolDate(1);
    const week = mondayOf(today);

    await call<Dish>(api, 'POST', '/api/v1/food/dishes', {
      name: FISH,
      description: 'Med makaroni og revet ost',
      allergens: ['fish', 'milk', 'gluten', 'egg'],
      glutenCereals: ['wheat'],
      mayContain: ['mustard'],
    });
    await call<Dish>(api, 'POST', '/api/v1/food/dishes', {
      name: LENTILS,
      allergens: ['celery'],
      diets: ['vegetarian', 'vegan'],
    });
    await diningEvent(api, TODAY_MEAL, today, '11:00', '12:00');
    await diningEvent(api, LATER_MEAL, tomorrow, '20:00', '20:30');
    // The default cut-off (09:00 the same day), whatever an earlier test set.
    await call(api, 'PUT', '/api/v1/food/settings', { choiceCutoff: { daysBefore: 0, time: '09:00' } });
    // The week starts unpublished, so the kitchen's click is what publishes it.
    await call(api, 'PUT', `/api/v1/food/menu/weeks/${week}/published`, { published: false });

    // The kitchen builds today's dinner in the browser.
    const cook = await member({ first: 'Kari', roles: ['kitchen'] });
    await cook.page.goto(`/app/food-planner?week=${week}`);
    await expect(cook.page.getByRole('heading', { level: 1, name: 'Matplan' })).toBeVisible();
    const actions = cook.page.getByRole('group', { name: 'Menyen denne uken' });
    await expect(actions.getByText('Ikke publisert', { exact: true })).toBeVisible();
    const grid = cook.page.getByRole('region', { name: /^Menyen uke \d+$/ });
    await expect(grid.getByRole('columnheader', { name: /I dag/ })).toHaveAttribute('aria-current', 'date');
    await grid.getByRole('button', { name: new RegExp(`^Rediger ${TODAY_MEAL}, `) }).click();
    const editor = cook.page.getByRole('dialog', { name: new RegExp(`^Rediger ${TODAY_MEAL}, `) });
    await expect(editor.getByText('Ingen retter er valgt.', { exact: false })).toBeVisible();
    await pick(cook.page, 'Legg til rett', FISH);
    await pick(cook.page, 'Legg til rett', LENTILS);
    await expect(editor.getByRole('textbox', { name: `Type rett for ${FISH}` })).toHaveValue('Hovedrett');
    await expect(editor.getByRole('textbox', { name: `Type rett for ${LENTILS}` })).toHaveValue(
      'Vegetaralternativ',
    );
    // Reordered and back: the main course comes first on the menu.
    await editor.getByRole('button', { name: `Flytt ${LENTILS} opp` }).click();
    await expect(editor.getByRole('listitem').first()).toContainText(LENTILS);
    await editor.getByRole('button', { name: `Flytt ${FISH} opp` }).click();
    await expect(editor.getByRole('listitem').first()).toContainText(FISH);
    await expectNoAxeViolations(cook.page, 'the meal editor');
    await editor.getByRole('button', { name: 'Lagre' }).click();
    await expect(editor).toBeHidden();
    const todayCell = grid.getByRole('cell').filter({ hasText: FISH });
    await expect(todayCell.getByText(LENTILS)).toBeVisible();
    await expect(todayCell.getByText('Korn som inneholder gluten (hvete)')).toBeVisible();
    await expect(todayCell.getByText('Kan inneholde spor av: Sennep')).toBeVisible();

    await actions.getByRole('button', { name: 'Publiser uken' }).click();
    await expect(actions.getByText('Publisert', { exact: true })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Avpubliser uken' })).toBeVisible();
    await expectNoAxeViolations(cook.page, '/app/food-planner as the kitchen');

    await actions.getByRole('button', { name: 'Kopier uke' }).click();
    const copy = cook.page.getByRole('dialog', { name: /^Kopier uke \d+$/ });
    await expect(copy.getByText(/^Menyen i uke \d+ blir erstattet\.$/)).toBeVisible();
    await expectNoAxeViolations(cook.page, 'the copy dialog');
    await copy.getByRole('button', { name: 'Avbryt' }).click();
    await expect(copy).toBeHidden();
    await actions.getByRole('button', { name: 'Gjenta rotasjon' }).click();
    const rotation = cook.page.getByRole('dialog', { name: /^Gjenta rotasjon fra uke \d+$/ });
    await expect(rotation.getByRole('textbox', { name: 'Antall uker i rotasjonen' })).toHaveValue('2');
    await expect(rotation.getByText(/^Menyene i 2 uker, uke \d+–\d+, blir erstattet\.$/)).toBeVisible();
    await expectNoAxeViolations(cook.page, 'the rotation dialog');
    await rotation.getByRole('button', { name: 'Avbryt' }).click();
    await expect(rotation).toBeHidden();

    // The print view: the A4 week with allergens in words, and nothing of the app shell on paper.
    await actions.getByRole('link', { name: 'Skriv ut' }).click();
    await expect(cook.page).toHaveURL(new RegExp(`/app/food-planner/print\\?week=${week}$`));
    await expect(cook.page.getByRole('heading', { level: 1, name: /^Meny uke \d+$/ })).toBeVisible();
    const sheet = cook.page.getByRole('table');
    await expect(sheet.getByText(FISH)).toBeVisible();
    await expect(sheet.getByText('Korn som inneholder gluten (hvete)').first()).toBeVisible();
    await expect(sheet.getByText('Kan inneholde spor av: Sennep').first()).toBeVisible();
    await expectNoAxeViolations(cook.page, 'the print view');
    await cook.page.emulateMedia({ media: 'print' });
    await expect(cook.page.getByRole('banner')).toBeHidden();
    await expect(cook.page.getByRole('button', { name: 'Skriv ut' })).toBeHidden();
    await expect(sheet.getByText(FISH)).toBeVisible();
    await cook.page.emulateMedia({ media: 'screen' });

    // A student sees today's menu on the dashboard, allergens in words.
    const student = await member({ first: 'Siv' });
    await student.page.goto('/app/dashboard');
    const card = student.page.getByRole('region', { name: 'Dagens meny' });
    const dinner = card.getByRole('region', { name: `${TODAY_MEAL} kl. 11:00` });
    await expect(dinner.getByText(FISH)).toBeVisible();
    await expect(dinner.getByText('Korn som inneholder gluten (hvete)')).toBeVisible();
    await expect(dinner.getByText('Melk', { exact: true }).first()).toBeVisible();
    await expect(dinner.getByText('Vegansk')).toBeVisible();
    await expectNoAxeViolations(student.page, '/app/dashboard with today’s menu');

    // …and, on a phone, opts out of tomorrow's evening meal before the cut-off.
    await student.page.setViewportSize({ width: 390, height: 844 });
    await student.page.goto(`/app/food-planner?week=${mondayOf(tomorrow)}`);
    const choice = student.page.getByRole('group', { name: new RegExp(`^Ditt valg for ${LATER_MEAL}, `) });
    await expect(choice.getByText('Frist: i morgen kl. 09:00')).toBeVisible();
    await choice.getByRole('button', { name: 'Jeg spiser ikke' }).click();
    await expect(choice.getByRole('button', { name: 'Jeg spiser ikke' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(choice.getByRole('button', { name: 'Matpakke' })).toHaveAttribute('aria-pressed', 'false');
    const answer = await call<MenuWeek>(
      student.page.request,
      'GET',
      `/api/v1/food/menu?week=${mondayOf(tomorrow)}`,
    );
    const later = answer.days.flatMap((day) => day.meals).find((meal) => meal.name === LATER_MEAL);
    expect(later?.choice).toBe('notEating');
    // Today and tomorrow come first on a phone.
    await student.page.goto(`/app/food-planner?week=${week}`);
    await expect(student.page.getByRole('heading', { level: 3 }).first()).toHaveText(/^I dag, /);
    await expect(student.page.getByText(FISH)).toBeVisible();
    await expectNoAxeViolations(student.page, '/app/food-planner on a phone');

    // A teacher sees the menu and no way to change it; the server refuses too.
    await teacher.page.goto(`/app/food-planner?week=${week}`);
    const teachersGrid = teacher.page.getByRole('region', { name: /^Menyen uke \d+$/ });
    await expect(teachersGrid.getByText(FISH)).toBeVisible();
    await expect(teacher.page.getByRole('button', { name: /^Rediger/ })).toHaveCount(0);
    for (const name of ['Publiser uken', 'Avpubliser uken', 'Kopier uke', 'Gjenta rotasjon']) {
      await expect(teacher.page.getByRole('button', { name })).toHaveCount(0);
    }
    await expect(teacher.page.getByRole('tab', { name: 'Retter' })).toHaveCount(0);
    const refused = await teacher.page.request.put('/api/v1/food/menu/meal', {
      data: { date: today, meal: TODAY_MEAL, dishes: [] },
    });
    expect(refused.status()).toBe(403);
    await expectNoAxeViolations(teacher.page, '/app/food-planner as a teacher');

    // A week the kitchen has not published shows its meals but not their dishes.
    const unpublished = mondayOf(schoolDate(7 * 30));
    await call(api, 'PUT', `/api/v1/food/menu/weeks/${unpublished}/published`, { published: false });
    await teacher.page.getByRole('button', { name: 'Neste uke' }).click();
    await expect(teacher.page).toHaveURL(new RegExp(`week=${mondayOf(schoolDate(7))}$`));
    await teacher.page.goto(`/app/food-planner?week=${unpublished}`);
    await expect(teacher.page.getByText('Menyen for denne uken er ikke publisert ennå')).toBeVisible();
  });
});
