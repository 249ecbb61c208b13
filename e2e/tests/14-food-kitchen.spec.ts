import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';
import { schoolDateOf } from '../school-date';

const HOUR = 60 * 60_000;
const PHONE = { width: 390, height: 844 };

const countsTab = (page: Page) => page.getByRole('tab', { name: 'Antall' });
const dietsTab = (page: Page) => page.getByRole('tab', { name: 'Allergier og kosthold' });

/** A meal's card on the counts tab: the meal's name names it. */
const mealCard = (page: Page, meal: string) => page.getByRole('article', { name: meal });

/** One figure of a meal's card: «Spiser», «Spiser ikke», «Matpakke», «Borte», «Forventet». */
const figure = (card: Locator, term: string) =>
  card.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

/**
 * A line of its own, and a dining event for it tomorrow, a day from now: well before the default
 * cut-off (09:00 on the meal's day), so a student may still opt out.
 */
async function dinnerTomorrow(api: APIRequestContext, id: string) {
  const line = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
    name: `Kokk ${id}`,
    shortName: 'KOK',
    color: 'orange',
  });
  const start = new Date(Date.now() + 24 * HOUR);
  const meal = `Middag ${id}`;
  await call(api, 'POST', '/api/v1/calendar/events', {
    name: meal,
    start: start.toISOString(),
    end: new Date(start.getTime() + HOUR).toISOString(),
    type: 'dining',
    mandatory: false,
    roomUsed: null,
    groupsAttending: [line.id],
  });
  return { line, meal, date: schoolDateOf(start) };
}

test('a student records a milk allergy with consent; the kitchen counts it, and a «Jeg spiser ikke» lowers the count live', async ({
  api,
  member,
}) => {
  const id = unique();
  // Another spec may have moved the cut-off; this one needs the default.
  await call(api, 'PUT', '/api/v1/food/settings', { choiceCutoff: { daysBefore: 0, time: '09:00' } });
  const { line, meal, date } = await dinnerTomorrow(api, id);
  const mari = await member({ first: 'Mari', memberOf: [line.id] });
  const ola = await member({ first: 'Ola', memberOf: [line.id] });
  const kitchen = await member({ first: 'Kari', roles: ['kitchen'] });

  // The student's own form: nothing is stored without consent.
  const { page } = mari;
  await page.goto('/app/food-planner?tab=diets');
  await expect(dietsTab(page)).toHaveAttribute('aria-selected', 'true');
  const own = page.getByRole('region', { name: 'Mine allergier og kosthold' });
  await expect(own.getByText('Du har ikke registrert noen allergier eller noe kosthold.')).toBeVisible();
  await expectNoAxeViolations(page, 'the diets tab of a student');
  await own.getByRole('button', { name: 'Registrer allergier og kosthold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mine allergier og kosthold' });
  await dialog.getByRole('checkbox', { name: 'Melk', exact: true }).check();
  await dialog.getByRole('textbox', { name: 'Merknad' }).fill('Reagerer kraftig, også på små mengder.');
  const consent = dialog.getByRole('checkbox', { name: /^Jeg samtykker/ });
  await expect(consent).toHaveAccessibleName(/Bare kjøkkenet og administratorene kan se dem/);
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog.getByText('Opplysningene lagres bare med samtykke.', { exact: false })).toBeVisible();
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAccessibleDescription(/lagres bare med samtykke/);
  await expectNoAxeViolations(page, 'the diet form refusing without consent');
  expect(await call(page.request, 'GET', `/api/v1/food/diets/${mari.id}`)).toBeNull();
  // Nor does the server store it without consent, whatever the browser sends.
  const refused = await page.request.put(`/api/v1/food/diets/${mari.id}`, {
    data: { allergens: ['milk'], consent: false },
  });
  expect(refused.status()).toBe(400);

  await consent.check();
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(own.getByRole('listitem').filter({ hasText: 'Melk' })).toBeVisible();
  await expect(own.getByText('Merknad: Reagerer kraftig')).toBeVisible();

  // The kitchen sees both students expected at tomorrow's dinner, Mari under «Melk».
  const kitchenPage = kitchen.page;
  await kitchenPage.goto('/app/food-planner?tab=counts');
  await expect(countsTab(kitchenPage)).toHaveAttribute('aria-selected', 'true');
  const card = mealCard(kitchenPage, meal);
  await expect(figure(card, 'Forventet')).toHaveText('2');
  await expect(figure(card, 'Spiser')).toHaveText('2');
  await expect(card.getByRole('listitem').filter({ hasText: 'Melk' })).toHaveText(/Melk:\s*1/);
  await card.getByRole('button', { name: /^Vis navn/ }).click();
  const withDiet = card.getByRole('listitem').filter({ hasText: mari.fullName });
  await expect(withDiet).toContainText('Melk');
  await expect(withDiet).toContainText('Reagerer kraftig');
  // Today is marked, for the eye and for assistive technology.
  await expect(kitchenPage.locator('time[aria-current="date"]')).toHaveAttribute(
    'datetime',
    schoolDateOf(new Date()),
  );
  await expectNoAxeViolations(kitchenPage, 'the counts tab with names shown');

  // Ola opts out of the dinner through the API, as the menu's button does; the kitchen's page
  // is told over the live stream.
  await call(ola.page.request, 'PUT', '/api/v1/food/choices', { date, meal, choice: 'notEating' });
  await expect(figure(card, 'Spiser')).toHaveText('1');
  await expect(figure(card, 'Spiser ikke')).toHaveText('1');
  await expect(card.getByRole('heading', { name: 'Spiser ikke (1)' })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: ola.fullName })).toBeVisible();
  await kitchenPage.reload();
  await expect(figure(mealCard(kitchenPage, meal), 'Spiser')).toHaveText('1');

  // At phone width.
  await kitchenPage.setViewportSize(PHONE);
  await expect(figure(mealCard(kitchenPage, meal), 'Spiser')).toBeVisible();
  await expectNoAxeViolations(kitchenPage, 'the counts tab at phone width');

  // Withdrawing consent deletes it; the kitchen's count follows.
  await page.getByRole('button', { name: 'Slett opplysningene' }).click();
  await page
    .getByRole('dialog', { name: 'Slette opplysningene?' })
    .getByRole('button', { name: 'Slett' })
    .click();
  await expect(own.getByText('Du har ikke registrert noen allergier eller noe kosthold.')).toBeVisible();
  await kitchenPage.setViewportSize({ width: 1280, height: 900 });
  await expect(
    mealCard(kitchenPage, meal).getByText('Ingen med registrerte allergier eller kosthold.'),
  ).toBeVisible();
});

test('a teacher sees only their own diet form and no counts; another’s diet is not found', async ({
  member,
  teacher,
}) => {
  const student = await member({ first: 'Siv' });
  await call(student.page.request, 'PUT', `/api/v1/food/diets/${student.id}`, {
    allergens: ['milk'],
    consent: true,
  });

  const { page } = teacher;
  await page.goto('/app/food-planner?tab=counts');
  // No counts tab: the address falls back to the menu.
  await expect(page.getByRole('tab', { name: 'Meny' })).toHaveAttribute('aria-selected', 'true');
  await expect(countsTab(page)).toHaveCount(0);
  await dietsTab(page).click();
  await expect(page.getByRole('heading', { name: 'Mine allergier og kosthold' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alle med spesialkost' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Registrer for en person' })).toHaveCount(0);

  expect((await page.request.get(`/api/v1/food/diets/${student.id}`)).status()).toBe(404);
  expect((await page.request.get('/api/v1/food/counts?from=2030-01-07')).status()).toBe(403);
  const list = await call<{ personId: string }[]>(page.request, 'GET', '/api/v1/food/diets');
  expect(list.every((diet) => diet.personId === teacher.id)).toBe(true);
});

test('the kitchen records a diet for a person with their consent, edits it and deletes it, and sets the cut-off', async ({
  api,
  member,
}) => {
  const id = unique();
  const student = await member({ first: 'Per', last: `Nøtt ${id}` });
  const kitchen = await member({ first: 'Kåre', roles: ['kitchen'] });
  const { page } = kitchen;
  await page.goto('/app/food-planner?tab=diets');
  const everyone = page.getByRole('region', { name: 'Alle med spesialkost' });
  await everyone.getByRole('button', { name: 'Registrer for en person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrer for en person' });
  await dialog.getByRole('textbox', { name: 'Person' }).fill(`Nøtt ${id}`);
  await page.getByRole('option', { name: `Per Nøtt ${id}` }).click();
  await dialog.getByRole('checkbox', { name: 'Nøtter', exact: true }).check();
  const nuts = dialog.getByRole('group', { name: 'Hvilke nøtter?' });
  await dialog.getByRole('checkbox', { name: /^Personen har gitt uttrykkelig samtykke/ }).check();
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  // The nut must be named, as on a dish.
  await expect(nuts).toHaveAccessibleDescription(/Velg hvilke nøtter\./);
  await expect(nuts.getByRole('checkbox', { name: 'mandler', exact: true })).toBeFocused();
  await expectNoAxeViolations(page, 'the diet form for a person');
  await nuts.getByRole('checkbox', { name: 'valnøtter', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Vegetar', exact: true }).check();
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog).toHaveCount(0);

  const row = everyone.getByRole('row', { name: new RegExp(`Per Nøtt ${id}`) });
  await expect(row).toContainText('Nøtter (valnøtter)');
  await expect(row).toContainText('Vegetar');
  await expect(row).toContainText(`Av ${kitchen.first}`);
  await expectNoAxeViolations(page, 'the list of everyone with special diets');
  // The person sees what was entered for them, and who entered it.
  expect(
    await call<{ nuts: string[] }>(student.page.request, 'GET', `/api/v1/food/diets/${student.id}`),
  ).toMatchObject({ nuts: ['walnut'], consentBy: kitchen.id });

  await row.getByRole('button', { name: `Endre opplysningene for Per Nøtt ${id}` }).click();
  const edit = page.getByRole('dialog', { name: `Allergier og kosthold for Per Nøtt ${id}` });
  await expect(edit.getByRole('checkbox', { name: 'valnøtter', exact: true })).toBeChecked();
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, 'the diet form at phone width');
  await edit.getByRole('checkbox', { name: 'Vegetar', exact: true }).uncheck();
  await edit.getByRole('checkbox', { name: /^Personen har gitt uttrykkelig samtykke/ }).check();
  await edit.getByRole('button', { name: 'Lagre' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).not.toContainText('Vegetar');
  await expectNoAxeViolations(page, 'the diets tab at phone width');
  await page.setViewportSize({ width: 1280, height: 900 });

  await row.getByRole('button', { name: `Slett opplysningene for Per Nøtt ${id}` }).click();
  await page
    .getByRole('dialog', { name: 'Slette opplysningene?' })
    .getByRole('button', { name: 'Slett' })
    .click();
  await expect(row).toHaveCount(0);
  expect(await call(student.page.request, 'GET', `/api/v1/food/diets/${student.id}`)).toBeNull();

  // The cut-off: the day before at 15:00, then back to the default for the other specs.
  try {
    await countsTab(page).click();
    const cutoff = page.getByRole('region', { name: 'Frist for å melde seg av et måltid' });
    await cutoff.getByRole('textbox', { name: 'Dager før måltidet' }).click();
    await page.getByRole('option', { name: 'Dagen før' }).click();
    await cutoff.getByLabel('Klokkeslett').fill('15:00');
    await cutoff.getByRole('button', { name: 'Lagre fristen' }).click();
    await expect(cutoff.getByText('Gjeldende frist: kl. 15:00 dagen før måltidet.')).toBeVisible();
    expect(await call(page.request, 'GET', '/api/v1/food/settings')).toEqual({
      choiceCutoff: { daysBefore: 1, time: '15:00' },
    });
  } finally {
    await call(api, 'PUT', '/api/v1/food/settings', { choiceCutoff: { daysBefore: 0, time: '09:00' } });
  }
});
