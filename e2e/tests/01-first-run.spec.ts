import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { ADMIN, SCHOOL } from '../fixtures';

// The setup project has made the school on the suite's server before any spec runs, so the
// wizard meets a fresh database only on a server of its own: the build the suite's server runs,
// started once more on a free port with an empty data folder.
const test = base.extend<object, { freshServer: string }>({
  freshServer: [
    // Playwright reads a fixture's dependencies from this pattern: none, here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const root = new URL('../..', import.meta.url).pathname;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'tun-e2e-first-run-')),
        LOG_LEVEL: 'warn',
      };
      delete env.DATABASE_URL;
      const server: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
        cwd: root,
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.status, {
          message: 'the first-run server starts',
          timeout: 60_000,
        })
        .toBe(200);
      await use(url);
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
    { scope: 'worker' },
  ],
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

test.describe('on a fresh database', () => {
  test.use({ baseURL: async ({ freshServer }, use) => use(freshServer) });

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

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sett opp Tun' })).toHaveCount(0);
});
