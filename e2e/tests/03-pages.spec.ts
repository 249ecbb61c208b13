import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';

/** Every route of SPEC §2 behind sign-in, with its heading (the admin fixture is called Aud). */
const APP_PAGES: [path: string, heading: string][] = [
  ['/app/dashboard', 'Hei, Aud!'],
  ['/app/posts', 'Innlegg'],
  ['/app/calendar', 'Kalender'],
  ['/app/students', 'Elever'],
  ['/app/files', 'Filer'],
  ['/app/classes', 'Linjer'],
  ['/app/classes/details?classId=abc', 'Linjedetaljer'],
  ['/app/electives', 'Valgfag'],
  ['/app/tilsyn', 'Tilsyn'],
  ['/app/groups', 'Grupper'],
  ['/app/groups/new', 'Ny gruppe'],
  ['/app/food-planner', 'Matplan'],
  ['/app/rooms', 'Rom'],
  // The sheet of an event (here one that does not exist: the page says so).
  ['/app/attendance?type=event&id=abc', 'Fraværsliste'],
  ['/app/janitor', 'Vaktmester'],
  ['/app/tv-setup', 'TV-oppsett'],
  ['/app/setup/schoolinfo', 'Skoleinformasjon'],
  ['/app/setup/specialroles', 'Roller'],
  ['/app/setup/specialroles/table', 'Rolletabell'],
  ['/app/setup/app', 'Appoppsett'],
  ['/app/setup/schedule', 'Timeplan'],
];

test.describe('signed in as admin', () => {
  for (const [path, heading] of APP_PAGES) {
    test(`${path} opens directly, shows "${heading}" and passes axe`, async ({ admin: { page } }) => {
      const catalogs: string[] = [];
      page.on('request', (request) => {
        const name = /\/assets\/(nb-[\w-]+)\.json$/.exec(request.url())?.[1];
        if (name) catalogs.push(name);
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoAxeViolations(page, path);
      // Its own part of the catalog only: a text missing from it would have loaded the whole.
      expect(catalogs.length, catalogs.join()).toBeGreaterThan(0);
      expect(
        catalogs.every((name) => name.startsWith('nb-page-')),
        catalogs.join(),
      ).toBe(true);
    });
  }

  test('the dashboard opened directly has its first answers in its HTML, and asks the API for none of them', async ({
    admin: { page },
  }) => {
    // Until the live stream opens: from then on, the page asks the server (lib/page-answers.ts).
    const asked: string[] = [];
    let streamOpened = false;
    // Nor the chunks of the pages that draw menus, selects and text areas or check input: the
    // dashboard draws and checks none (vite.config.ts, `page-parts`, `form-parts`, `schemas`).
    const otherPagesChunks: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/assets\/(?:page-parts|form-parts|schemas)-[\w-]+\.js$/.test(url.pathname))
        otherPagesChunks.push(url.pathname);
      if (url.pathname === '/api/v1/live') streamOpened = true;
      else if (url.pathname.startsWith('/api/v1/') && !streamOpened) asked.push(url.pathname + url.search);
    });
    const stream = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/live');
    const response = await page.goto('/app/dashboard');
    const html = await response!.text();
    const block = /<script type="application\/json" id="tun-page-answers">(.*?)<\/script>/.exec(html);
    const carried = Object.keys(JSON.parse(block![1]!) as object);
    // The session, the bell's count and the cards' own answers.
    expect(carried).toContain('/api/v1/session');
    expect(carried).toContain('/api/v1/school');
    expect(carried.some((url) => url.startsWith('/api/v1/calendar?'))).toBe(true);
    await expect(page.getByRole('heading', { level: 2, name: 'Neste hendelser' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Dagens meny' })).toBeVisible();
    await stream;
    expect(asked.filter((url) => carried.includes(url))).toEqual([]);
    expect(otherPagesChunks).toEqual([]);
  });

  test('the dashboard’s heading comes with its HTML, where the page draws it, in the language chosen on the device', async ({
    browser,
    adminAccount,
    admin: { page, fullName },
  }) => {
    // What the HTML and styles alone draw, before any code has run.
    const viewport = page.viewportSize()!;
    const withoutCode = await browser.newContext({
      storageState: adminAccount.signedIn,
      javaScriptEnabled: false,
      viewport,
    });
    try {
      const bare = await withoutCode.newPage();
      await bare.goto('/app/dashboard');
      const drawn = bare.locator('.tun-boot-title');
      await expect(drawn).toHaveText('Hei, Aud!');
      await expect(bare.locator('.tun-boot-text')).toHaveText(/^Velkommen til .+\.$/);
      const early = await drawn.boundingBox();

      // The page's own heading replaces it in the same place and size: nothing moves.
      await page.goto('/app/dashboard');
      const heading = page.getByRole('heading', { level: 1, name: 'Hei, Aud!' });
      await expect(heading).toBeVisible();
      await expect(page.locator('.tun-boot')).toHaveCount(0);
      expect(await heading.boundingBox()).toEqual(early);
    } finally {
      await withoutCode.close();
    }

    // English chosen on this device: the server's HTML for it greets in English. Asked with the
    // context's cookies, not by reloading: the service worker, once it controls the page, answers
    // a navigation with its own copy of index.html.
    await page.getByRole('button', { name: `Brukermeny for ${fullName}` }).click();
    await page.getByLabel('Språk').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Aud!' })).toBeVisible();
    const html = await (await page.request.get('/app/dashboard')).text();
    expect(html).toContain('<h1 class="tun-boot-title">Hello, Aud!</h1>');
  });

  test('/ and /app redirect to the dashboard', async ({ admin: { page } }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto('/app');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test('navigation scrolls to the top of the new page', async ({ admin: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Personvernerklæring' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Tun, til forsiden' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a change made elsewhere shows without reloading', async ({ admin: { page }, api }) => {
    const { shortName } = await call<{ shortName: string }>(page.request, 'GET', '/api/v1/school');
    await page.goto('/app/dashboard');
    await expect(page.getByRole('banner')).toContainText(shortName);

    // Another admin's session: the first admin's, which makes what tests need.
    const changed = `Tun ${unique()}`;
    await call(api, 'PATCH', '/api/v1/school', { shortName: changed });
    try {
      await expect(page.getByRole('banner')).toContainText(changed);
    } finally {
      await call(api, 'PATCH', '/api/v1/school', { shortName });
    }
  });

  test('works on a phone: the menu opens from a button', async ({ admin: { page } }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/app/dashboard');
    await page.getByRole('button', { name: 'Åpne menyen' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Rom' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard on a phone with the menu open');
  });
});

test.describe('without signing in', () => {
  test('the login page carries its setup status in its HTML and draws its form without asking the API', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/')) asked.push(url.pathname);
    });
    const response = await page.goto('/login');
    const html = await response!.text();
    const block = /<script type="application\/json" id="tun-page-answers">(.*?)<\/script>/.exec(html);
    expect(Object.keys(JSON.parse(block![1]!) as object)).toEqual(['/api/v1/setup']);
    await expect(page.getByRole('textbox', { name: 'E-post', exact: true })).toBeVisible();
    expect(asked).toEqual([]);
  });

  test('the login page’s title and intro come with its HTML, where the page draws them', async ({
    browser,
    page,
  }) => {
    // What the HTML and styles alone draw, before any code has run.
    const withoutCode = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    try {
      const bare = await withoutCode.newPage();
      await bare.goto('/login');
      const drawnTitle = bare.locator('.tun-boot-title');
      await expect(drawnTitle).toHaveText('Logg inn');
      const drawnIntro = bare.locator('.tun-boot-intro');
      const intro = await drawnIntro.textContent();
      expect(intro).toMatch(/^Logg inn med .+\.$/);
      const early = [await drawnTitle.boundingBox(), await drawnIntro.boundingBox()];

      // The page's own title and intro replace them in the same place and size: nothing moves.
      await page.goto('/login');
      const title = page.getByRole('heading', { level: 1, name: 'Logg inn' });
      await expect(title).toBeVisible();
      await expect(page.locator('.tun-boot')).toHaveCount(0);
      expect([
        await title.boundingBox(),
        await page.getByText(intro!, { exact: true }).boundingBox(),
      ]).toEqual(early);
    } finally {
      await withoutCode.close();
    }
  });

  test('the privacy policy is a real Norwegian text', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Personvernerklæring' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Lånekassen');
    await expectNoAxeViolations(page, '/privacy-policy');
  });

  test('a hash link scrolls to its target', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/privacy-policy');
    const target = await page.locator('main [id]').last().getAttribute('id');
    expect(target).toBeTruthy();
    await page.goto(`/privacy-policy#${target}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the info screen onboarding opens', async ({ page }) => {
    await page.goto('/infoscreen-onboarding');
    await expect(page.getByRole('heading', { level: 1, name: 'Infoskjerm' })).toBeVisible();
    await expectNoAxeViolations(page, '/infoscreen-onboarding');
  });

  test('any other path shows the not-found page', async ({ page }) => {
    const response = await page.goto('/finnes/ikke');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gå til forsiden' })).toBeVisible();
    await expectNoAxeViolations(page, 'not-found page');
  });

  test('the server answers unknown API paths with a problem, not the app', async ({ request }) => {
    const response = await request.get('/api/v1/finnes-ikke');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/problem+json');
  });
});
