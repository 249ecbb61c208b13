import { expectNoAxeViolations } from '../axe';
import { call, expect, signIn, test } from '../fixtures';

test('a wrong password shows a Norwegian error and signs nobody in', async ({ page, person }) => {
  const admin = await person({ roles: ['admin'] });
  await page.goto('/login');
  await expectNoAxeViolations(page, 'login');
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(admin.email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill('feil-passord-123');
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('alert')).toContainText('Feil e-post eller passord.');
  await expect(page).toHaveURL(/\/login/);
  await expectNoAxeViolations(page, 'login with error');
});

test('an admin signs in, sees the school, and signs out', async ({ page, person, api }) => {
  const admin = await person({ first: 'Guro', last: 'Haugen', roles: ['admin'] });
  const school = await call<{ shortName: string }>(api, 'GET', '/api/v1/school');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('banner')).toContainText(school.shortName);
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();

  await page.getByRole('button', { name: `Brukermeny for ${admin.fullName}` }).click();
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The session is gone: the app sends the visitor back to the login page.
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const session = await page.request.get('/api/v1/session');
  expect(session.status()).toBe(401);
});

test('after signing in the app returns to the page that was asked for', async ({ page, person }) => {
  const admin = await person({ roles: ['admin'] });
  await page.goto('/app/rooms');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(admin.email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/app\/rooms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rom' })).toBeVisible();
});
