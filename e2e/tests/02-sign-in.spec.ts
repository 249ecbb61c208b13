import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { ADMIN, SCHOOL, signIn } from '../fixtures';

test('a wrong password shows a Norwegian error and signs nobody in', async ({ page }) => {
  await page.goto('/login');
  await expectNoAxeViolations(page, 'login');
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill('feil-passord-123');
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('alert')).toContainText('Feil e-post eller passord.');
  await expect(page).toHaveURL(/\/login/);
  await expectNoAxeViolations(page, 'login with error');
});

test('the admin signs in, sees the school, and signs out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('banner')).toContainText(SCHOOL.shortName);
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();

  await page.getByRole('button', { name: /Brukermeny for Guro M\. Haugen/ }).click();
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The session is gone: the app sends the visitor back to the login page.
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const session = await page.request.get('/api/v1/session');
  expect(session.status()).toBe(401);
});

test('after signing in the app returns to the page that was asked for', async ({ page }) => {
  await page.goto('/app/rooms');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/app\/rooms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rom' })).toBeVisible();
});
