import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';

interface Dish {
  id: string;
  name: string;
  archived: boolean;
}

/** A date no other spec plans meals on; its one-off dining event is this spec's meal. */
const MEAL_DATE = '2031-03-12';
const PHONE = { width: 390, height: 844 };

const dishesTab = (page: Page) => page.getByRole('tab', { name: 'Retter' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Søk etter rett' });
const allergenBox = (dialog: Locator, name: string) =>
  dialog.getByRole('group', { name: 'Allergener' }).getByRole('checkbox', { name, exact: true });

test('kitchen staff build the dish library: allergens in words, the cereal required, an unused dish deleted and a used one archived', async ({
  api,
  member,
}) => {
  const id = unique();
  const LASAGNE = `Lasagne ${id}`;
  const SOUP = `Tomatsuppe ${id}`;
  const GRATIN = `Fiskegrateng ${id}`;
  const kitchen = await member({ first: 'Kari', roles: ['kitchen'] });
  const { page } = kitchen;

  // The server refuses gluten without its cereal too, on the field, in its own words.
  const refused = await page.request.post('/api/v1/food/dishes', {
    data: { name: `Uten korn ${id}`, allergens: ['gluten'] },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/glutenCereals/) })]),
  );

  await page.goto('/app/food-planner?tab=dishes');
  await expect(dishesTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(searchBox(page)).toBeVisible();
  await expectNoAxeViolations(page, 'the dish library');

  // A new dish with gluten and milk; the cereal is asked for before anything is sent.
  await page.getByRole('button', { name: 'Ny rett' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny rett' });
  await dialog.getByRole('textbox', { name: 'Navn' }).fill(LASAGNE);
  await allergenBox(dialog, 'Korn som inneholder gluten').check();
  await allergenBox(dialog, 'Melk').check();
  const cereals = dialog.getByRole('group', { name: 'Hvilket korn?' });
  await expect(cereals).toBeVisible();
  await dialog.getByRole('button', { name: 'Legg til retten' }).click();
  await expect(cereals).toHaveAccessibleDescription(/Velg hvilket korn som inneholder gluten\./);
  await expect(cereals.getByRole('checkbox', { name: 'hvete', exact: true })).toBeFocused();
  await expectNoAxeViolations(page, 'the dish dialog with a field error');
  await cereals.getByRole('checkbox', { name: 'hvete', exact: true }).check();
  await expect(cereals).not.toHaveAccessibleDescription(/Velg hvilket korn som inneholder gluten/);
  await expect(
    dialog.getByRole('region', { name: 'Slik står allergenene på menyen' }).getByRole('listitem'),
  ).toHaveText(['Korn som inneholder gluten (hvete)', 'Melk']);
  await dialog.getByRole('button', { name: 'Legg til retten' }).click();
  await expect(dialog).toHaveCount(0);

  await searchBox(page).fill(id);
  const lasagneRow = page.getByRole('row').filter({ hasText: LASAGNE });
  await expect(lasagneRow.getByRole('listitem')).toHaveText(['Korn som inneholder gluten (hvete)', 'Melk']);

  // Edited: a description, a trace of egg and a diet tag.
  await page.getByRole('button', { name: `Rediger ${LASAGNE}` }).click();
  const editor = page.getByRole('dialog', { name: 'Rediger rett' });
  await expect(editor.getByRole('textbox', { name: 'Navn' })).toHaveValue(LASAGNE);
  await editor.getByRole('textbox', { name: 'Beskrivelse' }).fill('Med kjøttsaus og bechamel.');
  const traces = editor.getByRole('group', { name: 'Kan inneholde spor av' });
  // What the dish contains cannot also be a trace.
  await expect(traces.getByRole('checkbox', { name: 'Melk', exact: true })).toBeDisabled();
  await traces.getByRole('checkbox', { name: 'Egg', exact: true }).check();
  await editor
    .getByRole('group', { name: 'Kosthold' })
    .getByRole('checkbox', { name: 'Halal', exact: true })
    .check();
  await expectNoAxeViolations(page, 'the dish dialog, editing');
  await editor.getByRole('button', { name: 'Lagre' }).click();
  await expect(editor).toHaveCount(0);
  await expect(lasagneRow).toContainText('Med kjøttsaus og bechamel.');
  await expect(lasagneRow).toContainText('Kan inneholde spor av: Egg');
  await expect(lasagneRow.getByRole('listitem')).toHaveText([
    'Korn som inneholder gluten (hvete)',
    'Melk',
    'Halal',
  ]);

  // Two more, one of them on a menu.
  const soup = await call<Dish>(page.request, 'POST', '/api/v1/food/dishes', {
    name: SOUP,
    allergens: ['celery', 'milk'],
    diets: ['vegetarian'],
  });
  const gratin = await call<Dish>(page.request, 'POST', '/api/v1/food/dishes', {
    name: GRATIN,
    allergens: ['fish', 'milk', 'gluten'],
    glutenCereals: ['wheat'],
  });
  const meal = `Festmiddag ${id}`;
  await call(api, 'POST', '/api/v1/calendar/events', {
    name: meal,
    start: `${MEAL_DATE}T16:00:00.000Z`,
    end: `${MEAL_DATE}T17:00:00.000Z`,
    type: 'dining',
    mandatory: false,
    roomUsed: null,
    groupsAttending: [],
  });
  await call(page.request, 'PUT', '/api/v1/food/menu/meal', {
    date: MEAL_DATE,
    meal,
    dishes: [{ dishId: gratin.id, course: 'main' }],
  });
  const soupRow = page.getByRole('row').filter({ hasText: SOUP });
  const gratinRow = page.getByRole('row').filter({ hasText: GRATIN });
  await expect(soupRow).toBeVisible();
  await expect(gratinRow).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Viser 3 av \d+ retter$/ })).toBeVisible();

  // Unused: gone for good.
  await page.getByRole('button', { name: `Slett ${SOUP}` }).click();
  const confirm = page.getByRole('dialog', { name: `Slette «${SOUP}»?` });
  await expect(confirm).toContainText(
    'Retten skjules fra listen, men står fortsatt på menyene den er brukt i',
  );
  await expectNoAxeViolations(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Slett retten' }).click();
  await expect(page.getByText(`Retten «${SOUP}» er slettet.`)).toBeVisible();
  await expect(soupRow).toHaveCount(0);
  await expect(searchBox(page)).toBeFocused();

  // On a menu: archived, hidden from the list until «Vis arkiverte».
  await page.getByRole('button', { name: `Slett ${GRATIN}` }).click();
  await page
    .getByRole('dialog', { name: `Slette «${GRATIN}»?` })
    .getByRole('button', { name: 'Slett retten' })
    .click();
  await expect(
    page.getByText(`Retten «${GRATIN}» står på en meny og er derfor arkivert, ikke slettet.`),
  ).toBeVisible();
  await expect(gratinRow).toHaveCount(0);
  await page.getByRole('switch', { name: 'Vis arkiverte' }).check();
  await expect(gratinRow).toContainText('Arkivert');
  await expect(soupRow).toHaveCount(0);
  await expect(lasagneRow).not.toContainText('Arkivert');
  const withArchived = await call<Dish[]>(page.request, 'GET', '/api/v1/food/dishes?archived=1');
  expect(withArchived.find((dish) => dish.id === gratin.id)?.archived).toBe(true);
  expect(withArchived.some((dish) => dish.id === soup.id)).toBe(false);
  await expectNoAxeViolations(page, 'the dish library with archived dishes');

  // On a phone: cards, and the dialog fills the screen.
  await page.setViewportSize(PHONE);
  const cards = page.getByRole('list', { name: 'Retter' });
  const lasagneCard = cards
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: LASAGNE }) });
  await expect(lasagneCard).toContainText('Korn som inneholder gluten (hvete)');
  await expect(lasagneCard).toContainText('Kan inneholde spor av: Egg');
  await expectNoAxeViolations(page, 'the dish library on a phone');
  await lasagneCard.getByRole('button', { name: `Rediger ${LASAGNE}` }).click();
  const phoneEditor = page.getByRole('dialog', { name: 'Rediger rett' });
  await expect(phoneEditor.getByRole('group', { name: 'Hvilket korn?' })).toBeVisible();
  const box = await phoneEditor.boundingBox();
  expect(box?.width).toBe(PHONE.width);
  await expectNoAxeViolations(page, 'the dish dialog on a phone');
  await phoneEditor.getByRole('button', { name: 'Avbryt' }).click();
  await expect(phoneEditor).toHaveCount(0);
});

test('a teacher sees no dish library and may not change one', async ({ teacher }) => {
  const { page } = teacher;
  await page.goto('/app/food-planner?tab=dishes');
  await expect(page.getByRole('tab', { name: 'Meny' })).toHaveAttribute('aria-selected', 'true');
  await expect(dishesTab(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ny rett' })).toHaveCount(0);
  const refused = await page.request.post('/api/v1/food/dishes', { data: { name: `Lærerrett ${unique()}` } });
  expect(refused.status()).toBe(403);
});
