import { expectNoAxeViolations } from '../axe';
import { call, expect, signIn, test, unique } from '../fixtures';
import { expectMail } from '../mailbox';

test('a wrong password shows a Norwegian error and signs nobody in', async ({ page, person }) => {
  const admin = await person({ roles: ['admin'] });
  await page.goto('/login');
  await expectNoAxeViolations(page, 'login');
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(admin.email);
  await page.getByRole('textbox', { name: 'Passord', exact: true }).fill('feil-passord-123');
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
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
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/rooms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rom' })).toBeVisible();
});

test('a student without an account asks for a link and signs in on the phone that opens it', async ({
  page,
  api,
  browser,
}) => {
  // Imported before the school year: an address, no account and no password.
  const id = unique();
  const email = `${id}@e2e.fjelltun.no`;
  await call(api, 'POST', '/api/v1/people', {
    name: { first: 'Ingrid', last: `Lenke ${id}` },
    email,
    roles: [],
    memberOf: [],
  });

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send meg en innloggingslenke' }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toContainText(
    'Lenken virker i 15 minutter.',
  );
  await expectNoAxeViolations(page, 'login, link sent');

  const mail = await expectMail(email, (received) => received.subject.startsWith('Logg inn i Tun'));
  const link = new URL(/https?:\/\/\S+\/login\/link\?token=[\w-]+/.exec(mail.text)![0]);
  const path = `${link.pathname}${link.search}`;

  // The mail is opened on a phone: a browser of its own, with no session.
  const phone = await browser.newContext();
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(path);
    await expect(phonePage.getByRole('heading', { level: 1, name: 'Logg inn med lenke' })).toBeVisible();
    await expectNoAxeViolations(phonePage, 'sign-in link');
    await phonePage.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await expect(phonePage).toHaveURL(/\/app\/dashboard$/);
    await expect(phonePage.getByRole('heading', { level: 1, name: 'Hei, Ingrid!' })).toBeVisible();

    // Once only: the same link, opened again, says so and offers a new one.
    const again = await phone.newPage();
    await phone.clearCookies();
    await again.goto(path);
    await again.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await expect(again.getByRole('alert')).toContainText('allerede brukt eller har gått ut');
    await expect(again.getByRole('link', { name: 'Be om en ny lenke' })).toBeVisible();
  } finally {
    await phone.close();
  }
});

test('a passkey added on «Min profil» signs in, with Chromium as the authenticator', async ({
  browser,
  baseURL,
  person,
}) => {
  const teacher = await person({ first: 'Petter', roles: ['teacher'] });
  // WebAuthn wants a domain: Tun's own address (PUBLIC_URL, here http://localhost:PORT), not an IP.
  const context = await browser.newContext({ baseURL: baseURL!.replace('127.0.0.1', 'localhost') });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, teacher.email, teacher.password);

    const menu = page.getByRole('button', { name: `Brukermeny for ${teacher.fullName}` });
    await menu.click();
    await page.getByRole('button', { name: 'Min profil' }).click();
    const profile = page.getByRole('dialog', { name: 'Min profil' });
    await expect(profile.getByText('Du har ingen passnøkler ennå.')).toBeVisible();
    await profile.getByRole('textbox', { name: 'Navn på ny passnøkkel' }).fill('Jobbmaskinen');
    await profile.getByRole('button', { name: 'Legg til passnøkkel' }).click();
    await expect(profile.getByRole('button', { name: 'Fjern passnøkkelen «Jobbmaskinen»' })).toBeVisible();
    await expectNoAxeViolations(page, 'profile with a passkey');
    await page.keyboard.press('Escape');

    await menu.click();
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Logg inn med passnøkkel' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Petter!' })).toBeVisible();
    await menu.click();
    await page.getByRole('button', { name: 'Min profil' }).click();
    const signIns = page.getByRole('region', { name: 'Innlogginger' });
    await expect(signIns.getByRole('listitem').filter({ hasText: 'Denne enheten' })).toContainText(
      'Passnøkkel, logget inn',
    );
  } finally {
    await context.close();
  }
});

test('on «Min profil» a person sees where they are signed in and signs the other devices out', async ({
  browser,
  person,
  admin,
}) => {
  const teacher = await person({ first: 'Sara', roles: ['teacher'] });
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  try {
    const phonePage = await phone.newPage();
    await signIn(phonePage, teacher.email, teacher.password);
    const page = await laptop.newPage();
    await signIn(page, teacher.email, teacher.password);

    await page.getByRole('button', { name: `Brukermeny for ${teacher.fullName}` }).click();
    await page.getByRole('button', { name: 'Min profil' }).click();
    const signIns = page.getByRole('region', { name: 'Innlogginger' });
    await expect(signIns.getByRole('listitem')).toHaveCount(2);
    await expect(signIns.getByRole('listitem').filter({ hasText: 'Denne enheten' })).toContainText(
      'Passord, logget inn',
    );
    await expectNoAxeViolations(page, 'profile with sign-ins');
    await signIns.getByRole('button', { name: 'Logg ut alle andre enheter' }).click();
    await expect(signIns.getByRole('listitem')).toHaveCount(1);

    // The phone's session is gone: its next page asks it to sign in.
    await phonePage.goto('/app/dashboard');
    await expect(phonePage).toHaveURL(/\/login\?redirect=/);

    // The laptop is lost too: an admin signs the teacher out everywhere from the users page.
    await admin.page.goto('/app/users');
    await admin.page.getByRole('button', { name: teacher.fullName, exact: true }).click();
    const details = admin.page.getByRole('dialog', { name: teacher.fullName });
    await details.getByRole('button', { name: 'Logg ut overalt' }).click();
    await expect(admin.page.getByText('Logget ut på 1 enhet.')).toBeVisible();
    await expectNoAxeViolations(admin.page, 'user details after signing out everywhere');
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  } finally {
    await phone.close();
    await laptop.close();
  }
});
