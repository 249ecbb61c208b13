/**
 * Lighthouse (mobile) on the built web app as the bench server serves it, as PERFORMANCE.md
 * states the budget: performance ≥ 95 and accessibility 100 on /login (signed out) and on
 * /app/dashboard (signed in as the bench's admin), and the app installable (issue 14).
 *
 * One Chromium of our own (chrome-launcher, a fresh non-incognito profile, nothing downloaded),
 * Lighthouse's simulated throttling on a mid-range phone, so that the scores do not depend on
 * how busy this shared machine is. Installability is asked of Chromium itself over CDP, since
 * Lighthouse 12 no longer audits it.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { BenchContext } from './scenarios';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

export const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100 };

/**
 * Runs per page; the row is the run with the median performance score. One run's score moves by
 * ten points and more from run to run on one machine with the same build (its blocking time
 * follows whatever else the machine does), and Lighthouse's own advice is to run it several times
 * and take the median (docs/variability.md in its repository).
 */
const LIGHTHOUSE_RUNS = 5;

export interface PageAudit {
  path: string;
  /** Where Lighthouse ended: a signed-in page that redirected to /login was not measured. */
  finalUrl: string;
  /** Of the median run (LIGHTHOUSE_RUNS). */
  performance: number | null;
  /** Every run's performance score, lowest first. */
  performanceRuns: number[];
  /** The lowest of all runs: accessibility does not vary, so any run below 100 counts. */
  accessibility: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /**
   * Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`): the simulated
   * phone is this machine slowed 4×, so TBT and the score follow it (its docs: 4× is calibrated
   * for 1,500–2,000). Printed so that runs on machines of other speeds can be told apart.
   */
  benchmarkIndex: number | null;
  /** When a score misses: the audits that cost the most, worst first. */
  worstAudits: { id: string; title: string; displayValue?: string }[];
  runtimeError?: string;
}

export interface InstallabilityResult {
  /** Chromium's installability errors for /app/dashboard; none means installable. */
  errors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
  serviceWorkerReady: boolean;
}

export interface LighthouseMeasurement {
  pages: PageAudit[];
  installability?: InstallabilityResult;
  installabilityError?: string;
}

const SETTINGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility'],
  formFactor: 'mobile',
  screenEmulation: screenEmulationMetrics.mobile,
  emulatedUserAgent: userAgents.mobile,
  throttlingMethod: 'simulate',
};

const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? null;

/** The savings an audit promises, for ordering: its own estimate, else its metric savings. */
function savings(audit: Result['audits'][string]): number {
  const details = audit.details as { overallSavingsMs?: number } | undefined;
  const metrics = Object.values(audit.metricSavings ?? {}).reduce<number>((sum, ms) => sum + (ms ?? 0), 0);
  return Math.max(details?.overallSavingsMs ?? 0, metrics);
}

/** The failing audits of a category that missed its budget, the costliest first. */
function worstAudits(lhr: Result, category: 'performance' | 'accessibility', count: number) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => b.ref.weight - a.ref.weight || savings(b.audit) - savings(a.audit))
    .slice(0, count)
    .map(({ audit }) => ({
      id: audit.id,
      title: audit.title,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    }));
}

async function auditPage(baseUrl: string, path: string, port: number): Promise<PageAudit> {
  const runner = await lighthouse(`${baseUrl}${path}`, { ...SETTINGS, port });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${path}`);
  const lhr = runner.lhr;
  const performance = score(lhr, 'performance');
  const accessibility = score(lhr, 'accessibility');
  const worst = [
    ...(performance !== null && performance < LIGHTHOUSE_BUDGET.performance
      ? worstAudits(lhr, 'performance', 3)
      : []),
    ...(accessibility !== null && accessibility < LIGHTHOUSE_BUDGET.accessibility
      ? worstAudits(lhr, 'accessibility', 3)
      : []),
  ];
  return {
    path,
    finalUrl: lhr.finalDisplayedUrl,
    performance,
    performanceRuns: performance === null ? [] : [performance],
    accessibility,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    worstAudits: worst,
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

/**
 * The page audited LIGHTHOUSE_RUNS times, one after another: the run with the median performance
 * score, with every run's score and the lowest accessibility. A run that failed is the answer
 * only if every run failed.
 */
async function auditPageMedian(baseUrl: string, path: string, port: number): Promise<PageAudit> {
  const runs: PageAudit[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await auditPage(baseUrl, path, port));
  const measured = runs
    .filter((run) => !run.runtimeError && run.performance !== null)
    .sort((a, b) => a.performance! - b.performance!);
  const median = measured[Math.floor((measured.length - 1) / 2)];
  if (!median) return runs[0]!;
  const accessibility = measured
    .map((run) => run.accessibility)
    .reduce((lowest, value) => (lowest === null || value === null ? null : Math.min(lowest, value)));
  return { ...median, accessibility, performanceRuns: measured.map((run) => run.performance!) };
}

/** Signs the whole browser in: navigations and the app's own fetches then carry the session. */
async function signIn(browser: Browser, baseUrl: string, cookie: string): Promise<void> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    for (const pair of cookie.split('; ')) {
      const split = pair.indexOf('=');
      const { success } = await cdp.send('Network.setCookie', {
        name: pair.slice(0, split),
        value: pair.slice(split + 1),
        url: baseUrl,
        httpOnly: true,
        sameSite: 'Lax',
      });
      if (!success) throw new Error(`Chromium refused the cookie ${pair.slice(0, split)}`);
    }
  } finally {
    await page.close();
  }
}

/**
 * After Lighthouse, whose storage reset removes the origin's service worker: load the dashboard
 * as a user would, wait until the service worker controls it, then ask Chromium.
 */
async function checkInstallability(browser: Browser, baseUrl: string): Promise<InstallabilityResult> {
  const page = await browser.newPage();
  try {
    // 'load', not network idle: the app keeps its live-updates stream open.
    await page.goto(`${baseUrl}/app/dashboard`, { waitUntil: 'load', timeout: 30_000 });
    // As text: the bench is compiled without the DOM's types.
    const serviceWorkerReady =
      (await page.evaluate(`
      'serviceWorker' in navigator &&
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 15000)),
      ])`)) === true;
    const cdp = await page.createCDPSession();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return { errors: installabilityErrors, serviceWorkerReady };
  } finally {
    await page.close();
  }
}

/**
 * Both pages and the installability check. `track` registers Chromium for the run's cleanup
 * (Ctrl-C included) and returns the function that stops it. Each part fails on its own, so
 * that one failure still reports the others.
 */
export async function measureLighthouse(
  ctx: BenchContext,
  track: (label: string, stop: () => Promise<void>) => () => Promise<void>,
): Promise<LighthouseMeasurement> {
  const chrome: LaunchedChrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  const stopChrome = track(
    `stop Chromium (pid ${chrome.pid})`,
    () =>
      new Promise<void>((resolve) => {
        const child = chrome.process;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        chrome.kill();
      }),
  );
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      const failed = (path: string, error: unknown): PageAudit => ({
        path,
        finalUrl: '',
        performance: null,
        performanceRuns: [],
        accessibility: null,
        lcpMs: null,
        tbtMs: null,
        benchmarkIndex: null,
        worstAudits: [],
        runtimeError: error instanceof Error ? error.message : String(error),
      });
      const pages: PageAudit[] = [];
      // Signed out first: the fresh profile has no session yet.
      pages.push(
        await auditPageMedian(ctx.baseUrl, '/login', chrome.port).catch((error) => failed('/login', error)),
      );
      await signIn(browser, ctx.baseUrl, ctx.dataset.admin.cookie);
      pages.push(
        await auditPageMedian(ctx.baseUrl, '/app/dashboard', chrome.port).catch((error) =>
          failed('/app/dashboard', error),
        ),
      );
      try {
        return { pages, installability: await checkInstallability(browser, ctx.baseUrl) };
      } catch (error) {
        return { pages, installabilityError: error instanceof Error ? error.message : String(error) };
      }
    } finally {
      await browser.disconnect();
    }
  } finally {
    await stopChrome();
  }
}
