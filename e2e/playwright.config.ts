import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh data folder per run unless one is given (tests make names of their own, so a kept
// folder works too). Set once in the main process; workers inherit it.
process.env.TUN_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tun-e2e-'));
const port = Number(process.env.TUN_E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// The tests' SMTP server (smtp-sink.ts), beside Tun on the next port but one.
const smtpPort = port + 2;

export default defineConfig({
  testDir: './tests',
  // One folder per port: a run clears its folder at the start, and must not clear the traces of
  // another run beside it.
  outputDir: `test-results/${port}`,
  // Each spec makes what it needs and runs alone; one worker, as the school's name and its normal
  // week are one per school and some tests change them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Deadlock guards, not measures: every step waits for a condition, and on a busy machine
  // (CI shares two cores with whatever else runs) a long walk through the app takes a while.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: browsers are never downloaded here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Runs before any spec, also when one spec is picked on the command line.
    { name: 'school', testMatch: /school\.setup\.ts$/ },
    { name: 'chromium', use: { browserName: 'chromium' }, dependencies: ['school'] },
  ],
  webServer: [
    {
      command: `node --import tsx smtp-sink.ts ${smtpPort} ${join(process.env.TUN_E2E_DATA_DIR, 'mail')}`,
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The README's start command: builds what is missing, then serves.
      command: 'node ../scripts/start.mjs',
      url: `${baseURL}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.TUN_E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Tests sign in many times from one address; the limit itself is tested on the server.
        LOGIN_RATE_LIMIT: '1000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Fjelltun <tun@fjelltun.no>',
        // Jobs (notifications' e-mails) are also kicked at once; this is the fallback look.
        JOB_POLL_MS: '1000',
        // The push test's push service is a local http server.
        PUSH_ALLOW_HTTP: 'true',
      },
    },
  ],
});
