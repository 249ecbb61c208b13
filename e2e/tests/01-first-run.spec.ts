import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { ADMIN, SCHOOL } from '../fixtures';

test('the first visit opens the wizard, which creates the school and its admin', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sett opp Tun' })).toBeVisible();
  await expectNoAxeViolations(page, 'first-run wizard, school step');

  // A step cannot be passed with empty fields.
  await page.getByRole('button', { name: 'Neste' }).click();
  await expect(page.getByText('Fyll ut dette feltet.').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Kort navn', exact: true }).fill(SCHOOL.shortName);
  await page.getByRole('textbox', { name: 'Fullt navn', exact: true }).fill(SCHOOL.longName);
  await page.getByRole('button', { name: 'Neste' }).click();

  await page.getByRole('textbox', { name: 'Fornavn', exact: true }).fill(ADMIN.first);
  await page.getByRole('textbox', { name: 'Mellomnavn', exact: true }).fill(ADMIN.middle);
  await page.getByRole('textbox', { name: 'Etternavn', exact: true }).fill(ADMIN.last);
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill(ADMIN.password);
  await page.getByRole('textbox', { name: 'Gjenta passord', exact: true }).fill('noe annet helt');
  await page.getByRole('button', { name: 'Opprett skolen' }).click();
  await expect(page.getByText('Passordene er ikke like.')).toBeVisible();
  await expectNoAxeViolations(page, 'first-run wizard, admin step with errors');

  await page.getByRole('textbox', { name: 'Gjenta passord', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Opprett skolen' }).click();

  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`Hei, ${ADMIN.first}`)).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard');
});

test('the wizard answers 403 once the school exists', async ({ request, page }) => {
  const response = await request.post('/api/v1/setup', {
    data: {
      school: { shortName: 'Andre', longName: 'Andre skole' },
      admin: { name: { first: 'A', last: 'B' }, email: 'a@b.no', password: 'passord-passord' },
    },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).code).toBe('setup-done');

  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sett opp Tun' })).toHaveCount(0);
});
