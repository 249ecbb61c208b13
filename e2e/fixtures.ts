import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/**
 * The school and its first admin. The setup project (tests/school.setup.ts) makes them through
 * the wizard's API when the database is fresh; tests then make people of their own through this
 * admin and never sign in as it in the browser.
 */
export const SCHOOL = { shortName: 'Fjelltun', longName: 'Fjelltun folkehøgskole' };
export const ADMIN = {
  first: 'Guro',
  middle: 'Marie',
  last: 'Haugen',
  email: 'rektor@fjelltun.no',
  password: 'et-langt-passord-42',
};

/**
 * A suffix that keeps what one test makes apart from what earlier tests and earlier runs on the
 * same database made. Letters only, so that it fits in names too.
 */
export function unique(): string {
  return Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

/** Signs in through the API: faster, for tests that are about something else. */
export async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/v1/login', { data: { email, password } });
  expect(response.status()).toBe(200);
}

/** Sends a request that must succeed and answers its body (undefined for 204). */
export async function call<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, { method, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

type Role = 'admin' | 'teacher' | 'stipp' | 'janitor' | 'kitchen' | 'tv' | 'developer';

export interface PersonOptions {
  first?: string;
  last?: string;
  /** No roles: a student (SPEC §3). */
  roles?: Role[];
  /** Lines, electives and groups. */
  memberOf?: string[];
}

/** A person with a sign-in, and a page of their own, signed in. */
export interface Member {
  id: string;
  first: string;
  last: string;
  fullName: string;
  email: string;
  password: string;
  page: Page;
}

interface Fixtures {
  /** The first admin's API, for making what a test needs. */
  api: APIRequestContext;
  /** Makes a person with a password through the API, for tests that sign in through the form. */
  person: (options?: PersonOptions) => Promise<Omit<Member, 'page'>>;
  /** Makes a person and gives a page signed in as them, in a browser context of its own. */
  member: (options?: PersonOptions) => Promise<Member>;
  admin: Member;
  teacher: Member;
  student: Member;
  scholar: Member;
}

export const test = base.extend<Fixtures>({
  api: async ({ baseURL }, use) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const login = await api.post('/api/v1/login', { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status(), 'the setup project makes the first admin').toBe(200);
    await use(api);
    await api.dispose();
  },

  person: async ({ api }, use) => {
    await use(async (options = {}) => {
      const id = unique();
      const first = options.first ?? 'Test';
      const last = options.last ?? `Person ${id}`;
      const email = `${id}@e2e.fjelltun.no`;
      const password = `passord-${id}`;
      const created = await call<{ id: string }>(api, 'POST', '/api/v1/people', {
        name: { first, last },
        email,
        roles: options.roles ?? [],
        memberOf: options.memberOf ?? [],
      });
      const link = await call<{ url: string }>(api, 'POST', `/api/v1/people/${created.id}/password-link`, {});
      const token = new URL(link.url).searchParams.get('token');
      await call(api, 'POST', '/api/v1/password-links/set', { token, password });
      return { id: created.id, first, last, fullName: `${first} ${last}`, email, password };
    });
  },

  member: async ({ browser, person }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const made = await person(options);
      const page = await newPage(browser, contexts);
      await signInByApi(page, made.email, made.password);
      return { ...made, page };
    });
    for (const context of contexts) await context.close();
  },

  admin: async ({ member }, use) => use(await member({ first: 'Aud', roles: ['admin'] })),
  teacher: async ({ member }, use) => use(await member({ first: 'Lars', roles: ['teacher'] })),
  student: async ({ member }, use) => use(await member({ first: 'Siri' })),
  scholar: async ({ member }, use) => use(await member({ first: 'Stine', roles: ['stipp'] })),
});

async function newPage(browser: Browser, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

export { expect };
