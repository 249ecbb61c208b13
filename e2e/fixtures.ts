import { expect, type Page } from '@playwright/test';

/** The school and admin that the first-run test creates and later tests sign in as. */
export const SCHOOL = { shortName: 'Fjelltun', longName: 'Fjelltun folkehøgskole' };
export const ADMIN = {
  first: 'Guro',
  middle: 'Marie',
  last: 'Haugen',
  email: 'rektor@fjelltun.no',
  password: 'et-langt-passord-42',
};

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

/** Signs in through the API: faster, for tests that are about something else. */
export async function signInByApi(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  const response = await page.request.post('/api/v1/login', { data: { email, password } });
  expect(response.status()).toBe(200);
}
