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
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
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

/** A person with a sign-in. */
interface Person {
  id: string;
  first: string;
  last: string;
  fullName: string;
  email: string;
  password: string;
}

/** A person with a sign-in, and a page of their own, signed in. */
export interface Member extends Person {
  page: Page;
}

/** The cookies of a signed-in session, to open browser contexts with. */
type SignedIn = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** A person of one worker, with the session that every test's page of theirs shares. */
interface Account extends Person {
  signedIn: SignedIn;
}

interface WorkerFixtures {
  /** The first admin's API, for making what a test needs. */
  api: APIRequestContext;
  adminAccount: Account;
  teacherAccount: Account;
  studentAccount: Account;
  scholarAccount: Account;
}

interface Fixtures {
  /** Makes a person with a password through the API, for tests that sign in through the form. */
  person: (options?: PersonOptions) => Promise<Person>;
  /**
   * Makes a person and gives a page signed in as them, in a browser context of its own. For a
   * test that needs a person in a line, group or elective of its own, or that changes the person.
   */
  member: (options?: PersonOptions) => Promise<Member>;
  /**
   * People in a role, for tests that act as them and change nothing about them: one person per
   * role and worker, made at its first use, with one session; each test gets a browser context of
   * its own (so its own copy of the cookies, its own storage and clock). Setting a password and
   * signing in cost a slow password hash each, which a fresh person per test paid every time.
   * Sharing is safe because no test signs them out or changes their roles, memberships or
   * password (a test that would uses `member()`), and what a test makes carries names of its own.
   * Playwright starts a new worker after a failed test, so a failure leaves them to no other test.
   */
  admin: Member;
  teacher: Member;
  student: Member;
  scholar: Member;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // The first admin, whom the setup project makes, only makes things and is never changed or
  // signed out, so one session serves all of a worker's tests.
  api: [
    // Playwright reads a fixture's dependencies from this pattern: none, here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, { project }) => {
      const api = await signedInContext(project.use.baseURL, ADMIN.email, ADMIN.password);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],

  adminAccount: [
    async ({ api }, use, { project }) =>
      use(await account(api, project.use.baseURL, { first: 'Aud', roles: ['admin'] })),
    { scope: 'worker' },
  ],
  teacherAccount: [
    async ({ api }, use, { project }) =>
      use(await account(api, project.use.baseURL, { first: 'Lars', roles: ['teacher'] })),
    { scope: 'worker' },
  ],
  studentAccount: [
    async ({ api }, use, { project }) => use(await account(api, project.use.baseURL, { first: 'Siri' })),
    { scope: 'worker' },
  ],
  scholarAccount: [
    async ({ api }, use, { project }) =>
      use(await account(api, project.use.baseURL, { first: 'Stine', roles: ['stipp'] })),
    { scope: 'worker' },
  ],

  person: async ({ api }, use) => use((options) => makePerson(api, options)),

  member: async ({ browser, person }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const made = await person(options);
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await signInByApi(page, made.email, made.password);
      return { ...made, page };
    });
    for (const context of contexts) await context.close();
  },

  admin: async ({ browser, adminAccount }, use) => usePage(browser, adminAccount, use),
  teacher: async ({ browser, teacherAccount }, use) => usePage(browser, teacherAccount, use),
  student: async ({ browser, studentAccount }, use) => usePage(browser, studentAccount, use),
  scholar: async ({ browser, scholarAccount }, use) => usePage(browser, scholarAccount, use),
});

async function makePerson(api: APIRequestContext, options: PersonOptions = {}): Promise<Person> {
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
}

/** An API context of its own, signed in through the API. */
async function signedInContext(
  baseURL: string | undefined,
  email: string,
  password: string,
): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const login = await context.post('/api/v1/login', { data: { email, password } });
  expect(login.status(), `${email} signs in`).toBe(200);
  return context;
}

/** Makes a person and signs them in once, keeping the session's cookies. */
async function account(
  api: APIRequestContext,
  baseURL: string | undefined,
  options: PersonOptions,
): Promise<Account> {
  const made = await makePerson(api, options);
  const session = await signedInContext(baseURL, made.email, made.password);
  const signedIn = await session.storageState();
  await session.dispose();
  return { ...made, signedIn };
}

/** Gives a test a page in a browser context of its own, signed in with the account's session. */
async function usePage(
  browser: Browser,
  { signedIn, ...made }: Account,
  use: (member: Member) => Promise<void>,
) {
  const context = await browser.newContext({ storageState: signedIn });
  await use({ ...made, page: await context.newPage() });
  await context.close();
}

export { expect };
