import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startTestOidcProvider, type TestOidcProvider } from '../../apps/server/test/oidc-provider';
import { expectNoAxeViolations } from '../axe';
import { call, expect, signIn, test, unique } from '../fixtures';

/**
 * Single sign-on through a real OpenID Connect provider run by the test (oidc-provider). Tun's
 * PUBLIC_URL is `http://localhost:PORT`, so the browser uses that name: the provider sends people
 * back there, and the cookie that ties a sign-in to its browser lives there.
 */
let op: TestOidcProvider;
let tunUrl: string;

test.beforeAll(async ({ baseURL }) => {
  tunUrl = baseURL!.replace('127.0.0.1', 'localhost');
  op = await startTestOidcProvider({ redirectUris: [`${tunUrl}/api/v1/login/sso/callback`] });
});
test.afterAll(async () => {
  await op.stop();
});

async function atTun(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: tunUrl });
  return { context, page: await context.newPage() };
}

/** Clicks «Logg inn med <provider>» on the login page (the school's name may follow). */
async function signInThroughProvider(page: Page, provider: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: `Logg inn med ${provider}` }).click();
}

test('an admin adds the school’s provider; a teacher signs in through it, a stranger and every tampered answer are refused', async ({
  browser,
  person,
  api,
}) => {
  const name = `Skolekonto ${unique()}`;
  const admin = await person({ roles: ['admin'] });
  const teacher = await person({ first: 'Tora', roles: ['teacher'] });
  const { context, page } = await atTun(browser);
  try {
    await signIn(page, admin.email, admin.password);
    await page.goto('/app/setup/schoolinfo');
    const section = page.getByRole('region', { name: 'Innlogging med skolekonto' });
    await expect(section.getByRole('textbox', { name: /Videresendingsadresse/ })).toHaveValue(
      `${tunUrl}/api/v1/login/sso/callback`,
    );
    await section.getByRole('button', { name: 'Legg til tjeneste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Legg til tjeneste' });
    await dialog.getByRole('textbox', { name: 'Tjeneste' }).click();
    await page.getByRole('option', { name: 'Annen OpenID Connect-tjeneste', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Navn på knappen' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Utsteder- eller discovery-adresse' }).fill(op.issuer);
    await dialog.getByRole('textbox', { name: 'Klient-ID' }).fill(op.clientId);
    await dialog.getByLabel('Klienthemmelighet').fill(op.clientSecret);
    await dialog
      .getByRole('checkbox', {
        name: 'Koble første innlogging til personen med samme bekreftede e-postadresse',
      })
      .check();
    await expectNoAxeViolations(page, 'add provider dialog');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('listitem').filter({ hasText: name })).toContainText(
      'Første innlogging kobles på bekreftet e-postadresse',
    );
    await expectNoAxeViolations(page, 'school info with a provider');
  } finally {
    await context.close();
  }

  op.addAccount({ sub: `sub-${teacher.email}`, claims: { email: teacher.email, email_verified: true } });
  op.addAccount({ sub: 'stranger', claims: { email: 'ukjent@andre.no', email_verified: true } });

  const phone = await atTun(browser);
  try {
    // Somebody the school does not know.
    op.signInAs('stranger');
    await signInThroughProvider(phone.page, name);
    await expect(phone.page).toHaveURL(/\/login\?sso-error=sso-unknown-account/);
    await expect(phone.page.getByRole('alert')).toContainText(
      'Skolekontoen er ikke knyttet til noen person i Tun.',
    );
    await expectNoAxeViolations(phone.page, 'login after a refused sign-in');

    // Each answer changed on its way is refused, and signs nobody in.
    op.signInAs(`sub-${teacher.email}`);
    for (const tamper of ['wrong-audience', 'expired', 'wrong-nonce', 'bad-signature'] as const) {
      op.tamper(tamper);
      await signInThroughProvider(phone.page, name);
      await expect(phone.page, tamper).toHaveURL(/\/login\?sso-error=sso-failed/);
      await expect(phone.page.getByRole('alert')).toContainText('kunne ikke fullføres');
    }
    op.tamper('none');
    expect((await phone.page.request.get('/api/v1/session')).status()).toBe(401);

    // A state Tun never gave.
    await phone.page.goto('/api/v1/login/sso/callback?code=made-up&state=made-up');
    await expect(phone.page).toHaveURL(/\/login\?sso-error=sso-failed/);

    // The teacher, matched by the verified address, lands on the dashboard as themselves.
    const back = phone.page.waitForRequest((request) => request.url().includes('/api/v1/login/sso/callback'));
    await signInThroughProvider(phone.page, name);
    const callbackUrl = (await back).url();
    await expect(phone.page).toHaveURL(/\/app\/dashboard$/);
    await expect(phone.page.getByRole('heading', { level: 1, name: 'Hei, Tora!' })).toBeVisible();

    // The same answer once more, from another browser: refused.
    const replay = await atTun(browser);
    try {
      await replay.page.goto(callbackUrl);
      await expect(replay.page).toHaveURL(/\/login\?sso-error=sso-failed/);
    } finally {
      await replay.context.close();
    }

    // The admin sees the link in the teacher's details, and undoes it.
    const office = await atTun(browser);
    try {
      await signIn(office.page, admin.email, admin.password);
      await office.page.goto('/app/users');
      await office.page.getByRole('button', { name: teacher.fullName, exact: true }).click();
      const details = office.page.getByRole('dialog', { name: teacher.fullName });
      const signIns = details.getByRole('region', { name: 'Innlogging', exact: true });
      await expect(signIns.getByRole('listitem')).toContainText(`${name}-konto`);
      await expectNoAxeViolations(office.page, 'user details with a school account');
      await signIns.getByRole('button', { name: `Fjern koblingen til ${name}` }).click();
      await office.page
        .getByRole('dialog', { name: 'Fjerne koblingen?' })
        .getByRole('button', { name: 'Fjern kobling' })
        .click();
      await expect(signIns).toContainText('Ingen passnøkler eller skolekontoer.');
    } finally {
      await office.context.close();
    }
  } finally {
    op.tamper('none');
    await phone.context.close();
    const { providers } = await call<{ providers: { id: string; name: string }[] }>(
      api,
      'GET',
      '/api/v1/sso',
    );
    for (const provider of providers.filter((candidate) => candidate.name === name)) {
      await call(api, 'DELETE', `/api/v1/sso/providers/${provider.id}`);
    }
  }
});

test('with sign-in by school account required for staff, a teacher’s password is refused', async ({
  browser,
  person,
  api,
}) => {
  const name = `Påkrevd ${unique()}`;
  const admin = await person({ roles: ['admin'] });
  const teacher = await person({ roles: ['teacher'] });
  const student = await person({ roles: [] });
  const provider = await call<{ id: string }>(api, 'POST', '/api/v1/sso/providers', {
    kind: 'oidc',
    name,
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    domain: null,
    matchByEmail: true,
    matchByFeideId: false,
  });
  op.addAccount({ sub: `sub-${admin.email}`, claims: { email: admin.email, email_verified: true } });
  const { context, page } = await atTun(browser);
  try {
    // The admin proves the provider works for them before staff must use it.
    op.signInAs(`sub-${admin.email}`);
    await signInThroughProvider(page, name);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto('/app/setup/schoolinfo');
    const section = page.getByRole('region', { name: 'Innlogging med skolekonto' });
    await section.getByRole('switch', { name: 'Krev innlogging med skolekonto for ansatte' }).check();
    await expect(page.getByText('Ansatte må nå logge inn med skolekontoen.')).toBeVisible();

    const other = await atTun(browser);
    try {
      await other.page.goto('/login');
      await other.page.getByRole('textbox', { name: 'E-post', exact: true }).fill(teacher.email);
      await other.page.getByRole('textbox', { name: 'Passord', exact: true }).fill(teacher.password);
      await other.page.getByRole('button', { name: 'Logg inn', exact: true }).click();
      await expect(other.page.getByRole('alert')).toContainText(
        'Skolen krever at ansatte logger inn med skolekontoen.',
      );
      await expect(other.page).toHaveURL(/\/login/);
      // Students are not staff: their password still works.
      await signIn(other.page, student.email, student.password);
    } finally {
      await other.context.close();
    }
  } finally {
    await context.close();
    // Later specs sign staff in with passwords.
    await call(api, 'PUT', '/api/v1/sso/requirement', { requiredForStaff: false });
    await call(api, 'DELETE', `/api/v1/sso/providers/${provider.id}`);
  }
});
