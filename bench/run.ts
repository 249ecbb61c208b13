/**
 * npm run bench: every scenario on SQLite and (when there is one) PostgreSQL, one after another
 * in one run, each dialect on a fresh database of its own. Prints one table per dialect and
 * writes bench/results/latest.json. Exits non-zero when a scenario fails or misses its budget.
 *
 *   --duration <s>   measured seconds per scenario (default 10)
 *   --warmup <s>     uncounted seconds before each (default 2)
 *   --sqlite-only    leave PostgreSQL out
 *   --only <text>    only the scenarios whose name contains the text (any case; may be repeated);
 *                    the framework ceiling always runs, since the ratios need it
 *                    (`--only lighthouse`: Lighthouse on the web app, on SQLite only)
 *                    (`--only scale`: the main reads and writes again among 20 schools in one
 *                    database, beside the same scenarios on one school; `--only streams`: 1,000
 *                    live streams hearing one write)
 *                    (`--only browser`: the web app in headless Chromium beside the f53c100 build)
 *
 * PostgreSQL: BENCH_DATABASE_URL (an account that may create databases), else the server on
 * 127.0.0.1:5432 if one answers there.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDataset, type Dataset } from './dataset';
import {
  measureLoad,
  measurementProblem,
  measurePaired,
  type LoadSettings,
  type Measurement,
} from './measure';
import { measureTusUpload, UPLOAD_BYTES, type UploadMeasurement } from './files';
import {
  LIGHTHOUSE_BUDGET,
  measureLighthouse,
  type LighthouseMeasurement,
  type PageAudit,
} from './lighthouse';
import { BROWSER_BUDGET, measureBrowser, type BrowserMeasurement, type VisitFigures } from './browser';
import { startMailSink, type MailSink } from './mail-sink';
import { measurePublish, type PublishMeasurement } from './posts';
import { measureScreens, SCREEN_COUNT, type ScreensMeasurement } from './screens';
import { STREAMS_SCENARIO, streamsRow, type StreamsMeasurement } from './streams';
import { SCALE_STEP, scaleRows, type ScaleMeasurement } from './scale';
import { RUSH_SCENARIO, rushRows, type RushMeasurement } from './rush';
import { describeBudget, failedRow, format, missedLimits, renderTable, type Row } from './report';
import { SCENARIOS, STARTUP, type BenchContext, type Budget } from './scenarios';
import {
  answersOnTcp,
  createDatabase,
  DEFAULT_POSTGRES_URL,
  SERVER_ENTRY,
  sourceVersion,
  staleBuildWarning,
  startServer,
  type Dialect,
} from './server';

/** As PERFORMANCE.md's budgets are stated: 50 concurrent clients. */
const CONNECTIONS = 50;
const RESULTS_DIR = join(import.meta.dirname, 'results');

const USAGE =
  'Usage: npm run bench -w @tun/bench -- [--duration <seconds>] [--warmup <seconds>] [--sqlite-only] [--only <text>]…';

/** Which scenarios run: all, or those whose name contains one of the `--only` texts. */
type Selection = (name: string) => boolean;

function readSettings(): { load: LoadSettings; sqliteOnly: boolean; selected: Selection } {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      'sqlite-only': { type: 'boolean', default: false },
      only: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const seconds = (name: string, text: string, least: number) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < least) {
      console.error(`--${name} must be a number of seconds ≥ ${least}, not '${text}'.\n${USAGE}`);
      process.exit(2);
    }
    return value;
  };
  return {
    load: {
      connections: CONNECTIONS,
      durationSeconds: seconds('duration', values.duration, 1),
      warmupSeconds: seconds('warmup', values.warmup, 0),
    },
    sqliteOnly: values['sqlite-only'],
    selected: (name) =>
      values.only.length === 0 || values.only.some((text) => name.toLowerCase().includes(text.toLowerCase())),
  };
}

/**
 * Servers and databases to remove, newest first: at the end of their step, on an error, and on
 * Ctrl-C, so that no server keeps running and no tun_bench_ database is left behind.
 */
class Cleanup {
  private readonly pending: { label: string; run: () => Promise<void> }[] = [];

  /** Registers the task and returns it; calling the returned function runs it once and unregisters it. */
  add(label: string, run: () => Promise<void>): () => Promise<void> {
    const task = { label, run };
    this.pending.push(task);
    return async () => {
      const index = this.pending.indexOf(task);
      if (index === -1) return;
      this.pending.splice(index, 1);
      await run();
    };
  }

  async runAll(): Promise<void> {
    for (let task = this.pending.pop(); task; task = this.pending.pop()) {
      try {
        await task.run();
      } catch (error) {
        console.error(`Could not ${task.label}: ${String(error)}`);
      }
    }
  }
}

interface DialectResult {
  dialect: Dialect;
  rows: Row[];
  /** Spawn to first answer of each timed start, and of the first one, which also migrated. */
  startup?: { samplesMs: number[]; medianMs: number; firstStartWithMigrationsMs: number };
  measurements: Record<string, Measurement>;
  uploads?: UploadMeasurement;
  publish?: PublishMeasurement;
  lighthouse?: LighthouseMeasurement;
  browser?: BrowserMeasurement;
  screens?: ScreensMeasurement;
  streams?: StreamsMeasurement;
  scale?: ScaleMeasurement;
  rush?: RushMeasurement;
  serverLog: string[];
  error?: string;
}

const progress = (message: string) => process.stderr.write(`${message}\n`);

function budgetFor(
  budget: Budget | ((dialect: Dialect) => Budget | undefined) | undefined,
  dialect: Dialect,
) {
  return typeof budget === 'function' ? budget(dialect) : budget;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function runScenarios(
  ctx: BenchContext,
  settings: LoadSettings,
  selected: Selection,
  result: DialectResult,
): Promise<void> {
  // The ceiling first: every ratio needs it, and it should see the server as fresh as the rest.
  const ordered = SCENARIOS.filter((scenario) => scenario.ceiling || selected(scenario.name)).sort(
    (a, b) => Number(b.ceiling ?? false) - Number(a.ceiling ?? false),
  );
  let ceilingRps: number | null = null;
  const ceiling = ordered.find((scenario) => scenario.ceiling);
  for (const scenario of ordered) {
    const budget = budgetFor(scenario.budget, ctx.dialect);
    const budgetText = scenario.ceiling ? 'reference' : describeBudget(budget);
    progress(`${ctx.dialect}: ${scenario.name}…`);
    try {
      const state = scenario.setup ? await scenario.setup(ctx) : undefined;
      const load = scenario.request(ctx, state);
      const loadSettings = { ...settings, connections: scenario.connections ?? settings.connections };
      // A budgeted ratio is measured in turns with the ceiling (measurePaired): the ceiling of the
      // run's first minute is no measure of the machine a quarter of an hour later.
      let ceilingBeside: Measurement | undefined;
      let measurement: Measurement;
      if (budget?.minRatio !== undefined && ceiling && !scenario.ceiling) {
        const ceilingSide = { baseUrl: ctx.baseUrl, load: ceiling.request(ctx, undefined) };
        [ceilingBeside, measurement] = await measurePaired(
          ceilingSide,
          { baseUrl: ctx.baseUrl, load },
          loadSettings,
        );
      } else {
        measurement = await measureLoad(ctx.baseUrl, load, loadSettings);
      }
      result.measurements[scenario.name] = measurement;
      const problem = measurementProblem(measurement) ?? (ceilingBeside && measurementProblem(ceilingBeside));
      if (problem) {
        result.rows.push(failedRow(scenario.name, budgetText, problem));
        continue;
      }
      if (scenario.ceiling) ceilingRps = measurement.requestsPerSecond;
      const reference = ceilingBeside?.requestsPerSecond ?? ceilingRps;
      const figures = {
        p50Ms: measurement.p50Ms,
        p99Ms: measurement.p99Ms,
        ratio: reference === null ? null : measurement.requestsPerSecond / reference,
      };
      const missed = missedLimits(budget, figures);
      result.rows.push({
        scenario: scenario.name,
        ...figures,
        requestsPerSecond: measurement.requestsPerSecond,
        budget: budgetText,
        verdict: scenario.ceiling || !budget ? '—' : missed.length > 0 ? 'MISS' : 'OK',
        missed,
        ...(ceilingBeside
          ? {
              note: `ratio to the ceiling measured in turns with it: ${format(ceilingBeside.requestsPerSecond, 0)} req/s`,
            }
          : {}),
      });
    } catch (error) {
      result.rows.push(failedRow(scenario.name, budgetText, error));
    }
  }
}

/** The one-off rows after the loads, by name as `--only` matches them. */
const UPLOAD_SCENARIO = `upload ${UPLOAD_BYTES / 2 ** 20} MB over tus`;
const PUBLISH_SCENARIO = 'publish to the whole school';
const SCREENS_SCENARIO = `${SCREEN_COUNT} info screens, one calendar write`;
/** What a TV in the hallway shows: the issue's end-to-end test allows a screen 2 s. */
const SCREENS_BUDGET = { p99Ms: 2000 };
/** The web app in a browser, once (on SQLite): what the database is does not reach it. */
const LIGHTHOUSE_SCENARIO = 'lighthouse (mobile) and installable';

/**
 * One person's upload, not a load: the median time of a 50 MB tus upload (several PATCHes, as the
 * web app sends them), and in the ratio column its throughput over that of writing the same
 * bytes to the same disk in the same run.
 */
async function uploadRow(ctx: BenchContext, result: DialectResult): Promise<Row> {
  const scenario = UPLOAD_SCENARIO;
  try {
    const upload = await measureTusUpload(ctx);
    result.uploads = upload;
    return {
      scenario: `${scenario} (median of ${upload.rounds})`,
      p50Ms: median(upload.uploadMs),
      p99Ms: null,
      requestsPerSecond: null,
      ratio: upload.ratio,
      budget: '—',
      verdict: '—',
      missed: [],
      note:
        `${format(upload.uploadMBps)} MB/s; writing the same bytes to disk ${format(upload.diskMBps)} MB/s ` +
        `(ratio ${format(upload.ratio, 2)}, MB = 1,048,576 bytes)`,
    };
  } catch (error) {
    return failedRow(scenario, '—', error);
  }
}

/**
 * One post to the whole school, not a load: the median time from the admin's POST until its
 * job has written every notification and queued every e-mail (the post's `notified_at`, set in
 * the same transaction), with the counts checked each round.
 */
async function publishRow(ctx: BenchContext, mail: MailSink, result: DialectResult): Promise<Row> {
  const scenario = PUBLISH_SCENARIO;
  try {
    const publish = await measurePublish(ctx, mail);
    result.publish = publish;
    const round = publish.rounds[0]!;
    return {
      scenario: `${scenario} (${publish.audience} people, median of ${publish.rounds.length})`,
      p50Ms: publish.medianNotifiedMs,
      p99Ms: null,
      requestsPerSecond: null,
      ratio: null,
      budget: '—',
      verdict: '—',
      missed: [],
      note:
        `POST answered in ${format(publish.medianAnswerMs)} ms; each round ${round.notifications} notification ` +
        `rows (audience ${publish.audience}) and ${round.emails} e-mails (people with an address and ` +
        `e-mail on: ${publish.withEmail}); the last e-mail at the SMTP sink after ${format(publish.medianDeliveredMs)} ms`,
    };
  } catch (error) {
    return failedRow(scenario, '—', error);
  }
}

/**
 * 200 TVs paired and listening, then calendar writes: from the write's answer until every screen
 * holds content with the new event (heard on the live stream, then fetched), and the server's
 * resident memory.
 */
async function screensRow(ctx: BenchContext, serverPid: number, result: DialectResult): Promise<Row> {
  const budgetText = describeBudget(SCREENS_BUDGET);
  try {
    const screens = await measureScreens(ctx, serverPid);
    result.screens = screens;
    const missed = missedLimits(SCREENS_BUDGET, {
      p50Ms: screens.shownP50Ms,
      p99Ms: screens.shownP99Ms,
      ratio: null,
    });
    return {
      scenario: `${SCREENS_SCENARIO} (${screens.rounds} rounds)`,
      p50Ms: screens.shownP50Ms,
      p99Ms: screens.shownP99Ms,
      requestsPerSecond: null,
      ratio: null,
      budget: budgetText,
      verdict: missed.length > 0 ? 'MISS' : 'OK',
      missed,
      note:
        `heard on the live stream p50 ${format(screens.heardP50Ms)} ms, p99 ${format(screens.heardP99Ms)} ms; ` +
        `last screen per round ${screens.lastShownMs.map((ms) => format(ms)).join(', ')} ms; server RSS ` +
        `${format(screens.rssMB.before)} MB before, ${format(screens.rssMB.connected)} MB with ${screens.screens} ` +
        `screens connected, ${format(screens.rssMB.after)} MB after`,
    };
  } catch (error) {
    return failedRow(SCREENS_SCENARIO, budgetText, error);
  }
}

const LIGHTHOUSE_BUDGET_TEXT = `performance ≥ ${LIGHTHOUSE_BUDGET.performance}, accessibility ${LIGHTHOUSE_BUDGET.accessibility}`;

/** One page's row: the scores as the verdict, LCP and TBT in the note (simulated mobile). */
function lighthousePageRow(audit: PageAudit): Row {
  const scenario = `lighthouse ${audit.path} (mobile)`;
  if (audit.runtimeError) return failedRow(scenario, LIGHTHOUSE_BUDGET_TEXT, audit.runtimeError);
  if (!new URL(audit.finalUrl).pathname.startsWith(audit.path)) {
    return failedRow(scenario, LIGHTHOUSE_BUDGET_TEXT, `the page ended at ${audit.finalUrl}`);
  }
  const missed: string[] = [];
  if (audit.performance === null || audit.performance < LIGHTHOUSE_BUDGET.performance) {
    missed.push(`performance ${audit.performance ?? '—'} < ${LIGHTHOUSE_BUDGET.performance}`);
  }
  if (audit.accessibility === null || audit.accessibility < LIGHTHOUSE_BUDGET.accessibility) {
    missed.push(`accessibility ${audit.accessibility ?? '—'} < ${LIGHTHOUSE_BUDGET.accessibility}`);
  }
  const worst = audit.worstAudits.map(
    (item) => `${item.id} (${item.title}${item.displayValue ? `: ${item.displayValue}` : ''})`,
  );
  return {
    scenario,
    p50Ms: null,
    p99Ms: null,
    requestsPerSecond: null,
    ratio: null,
    budget: LIGHTHOUSE_BUDGET_TEXT,
    verdict: missed.length > 0 ? 'MISS' : 'OK',
    missed,
    note:
      `performance ${audit.performance ?? '—'} (median of ${audit.performanceRuns.join(', ')}), ` +
      `accessibility ${audit.accessibility ?? '—'}, ` +
      `LCP ${format(audit.lcpMs)} ms, TBT ${format(audit.tbtMs)} ms (simulated mobile; ` +
      `this machine's benchmark index ${format(audit.benchmarkIndex)})` +
      (worst.length > 0 ? `; failing: ${worst.join('; ')}` : ''),
  };
}

/** The web app in headless Chromium, once (on SQLite), beside the reference build: bench/browser.ts. */
const BROWSER_SCENARIO = 'browser: sheet, dashboard and /login';
const BROWSER_SHEET_BUDGET_TEXT =
  `cold ≤ ${BROWSER_BUDGET.coldRequests} requests, ≤ ${BROWSER_BUDGET.coldKB} KB, ` +
  `visible ≤ ${BROWSER_BUDGET.visibleRatio * 100} % of reference`;
const BROWSER_LOGIN_BUDGET_TEXT = `≤ ${BROWSER_BUDGET.loginJsKB} KB gzip`;

/** Medians of the rounds, one figure at a time. */
function medianVisit(visits: VisitFigures[]): VisitFigures {
  return {
    visibleMs: median(visits.map((v) => v.visibleMs)),
    requests: median(visits.map((v) => v.requests)),
    cached: median(visits.map((v) => v.cached)),
    bytes: median(visits.map((v) => v.bytes)),
    jsBytes: median(visits.map((v) => v.jsBytes)),
  };
}

const kB = (bytes: number) => bytes / 1000;

function describeVisit(figures: VisitFigures): string {
  return (
    `visible ${format(figures.visibleMs)} ms, ${format(figures.requests)} requests ` +
    `(+${format(figures.cached)} from cache), ${format(kB(figures.bytes))} KB`
  );
}

/** Cold and warm rows of sheet and dashboard, and /login's JavaScript; p50 is the visible time. */
function browserRows(measured: BrowserMeasurement): Row[] {
  const rows: Row[] = [];
  const reference = measured.reference;
  const referenceNote = (figures: VisitFigures | undefined) =>
    figures
      ? `; f53c100: ${describeVisit(figures)}`
      : `; no reference (${measured.referenceError ?? 'not measured'})`;
  const pages = [
    ['attendance sheet (60 students)', 'sheet'],
    ['dashboard', 'dashboard'],
  ] as const;
  for (const [label, key] of pages) {
    for (const visit of ['cold', 'warm'] as const) {
      const figures = medianVisit(measured.current[key][visit]);
      const referenceFigures = reference ? medianVisit(reference[key][visit]) : undefined;
      const ratio = referenceFigures ? figures.visibleMs / referenceFigures.visibleMs : null;
      const budgeted = key === 'sheet' && visit === 'cold';
      const missed: string[] = [];
      if (budgeted) {
        if (figures.requests > BROWSER_BUDGET.coldRequests) {
          missed.push(`${format(figures.requests)} requests > ${BROWSER_BUDGET.coldRequests}`);
        }
        if (kB(figures.bytes) > BROWSER_BUDGET.coldKB) {
          missed.push(`${format(kB(figures.bytes))} KB > ${BROWSER_BUDGET.coldKB} KB`);
        }
        if (ratio === null) missed.push('no reference to compare with');
        else if (ratio > BROWSER_BUDGET.visibleRatio) {
          missed.push(
            `visible ${format(ratio * 100)} % of reference > ${BROWSER_BUDGET.visibleRatio * 100} %`,
          );
        }
      }
      rows.push({
        scenario: `browser: ${label}, ${visit} (median of ${measured.rounds})`,
        p50Ms: figures.visibleMs,
        p99Ms: null,
        requestsPerSecond: null,
        ratio,
        budget: budgeted ? BROWSER_SHEET_BUDGET_TEXT : '—',
        verdict: budgeted ? (missed.length > 0 ? 'MISS' : 'OK') : '—',
        missed,
        note:
          `${describeVisit(figures)}${referenceNote(referenceFigures)}; ratio = visible time over the reference's` +
          (visit === 'warm' ? '; warm: HTTP cache filled, service worker bypassed' : ''),
      });
    }
  }
  const login = medianVisit(measured.current.login);
  const loginReference = reference ? medianVisit(reference.login) : undefined;
  const missed =
    kB(login.jsBytes) > BROWSER_BUDGET.loginJsKB
      ? [`${format(kB(login.jsBytes))} KB > ${BROWSER_BUDGET.loginJsKB} KB`]
      : [];
  rows.push({
    scenario: `browser: JavaScript to render /login, cold (median of ${measured.rounds})`,
    p50Ms: login.visibleMs,
    p99Ms: null,
    requestsPerSecond: null,
    ratio: loginReference ? login.visibleMs / loginReference.visibleMs : null,
    budget: BROWSER_LOGIN_BUDGET_TEXT,
    verdict: missed.length > 0 ? 'MISS' : 'OK',
    missed,
    note:
      `${format(kB(login.jsBytes))} KB of JavaScript bodies (gzip, KB = 1,000 bytes); ${describeVisit(login)}` +
      (loginReference
        ? `; f53c100: ${format(kB(loginReference.jsBytes))} KB of JavaScript, ${describeVisit(loginReference)}`
        : ''),
  });
  return rows;
}

/** /login and /app/dashboard through Lighthouse, and Chromium's installability errors. */
async function lighthouseRows(ctx: BenchContext, cleanup: Cleanup, result: DialectResult): Promise<Row[]> {
  const installable = 'installable (/app/dashboard)';
  try {
    const measured = await measureLighthouse(ctx, (label, stop) => cleanup.add(label, stop));
    result.lighthouse = measured;
    const rows = measured.pages.map(lighthousePageRow);
    if (measured.installabilityError || !measured.installability) {
      rows.push(failedRow(installable, 'no errors', measured.installabilityError ?? 'not checked'));
      return rows;
    }
    const { errors, serviceWorkerReady } = measured.installability;
    const missed = errors.map((error) =>
      [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '),
    );
    if (!serviceWorkerReady) missed.push('no service worker became ready');
    rows.push({
      scenario: installable,
      p50Ms: null,
      p99Ms: null,
      requestsPerSecond: null,
      ratio: null,
      budget: 'no errors',
      verdict: missed.length > 0 ? 'MISS' : 'OK',
      missed,
      note: `installability errors: ${errors.length === 0 ? 'none' : errors.map((e) => e.errorId).join(', ')}`,
    });
    return rows;
  } catch (error) {
    return [failedRow(LIGHTHOUSE_SCENARIO, LIGHTHOUSE_BUDGET_TEXT, error)];
  }
}

async function benchDialect(
  dialect: Dialect,
  adminUrl: string | undefined,
  settings: LoadSettings,
  selected: Selection,
  mail: MailSink,
  cleanup: Cleanup,
): Promise<DialectResult> {
  const result: DialectResult = { dialect, rows: [], measurements: {}, serverLog: [] };
  progress(`${dialect}: new database, first start (migrations)…`);
  const database = await createDatabase(dialect, adminUrl);
  const dropDatabase = cleanup.add(`remove ${database.label}`, database.drop);
  try {
    // With SMTP, as a school that sends e-mail: notifications then queue e-mails too.
    const server = await startServer(database, { smtpUrl: mail.url });
    const stopServer = cleanup.add(`stop the ${dialect} server (pid ${server.pid})`, server.stop);
    let dataset: Dataset;
    try {
      dataset = await prepareDataset(server.url, database);
      const ctx: BenchContext = {
        dialect,
        baseUrl: server.url,
        dataset,
        dataDir: database.dataDir,
        database,
      };
      await runScenarios(ctx, settings, selected, result);
      if (selected(UPLOAD_SCENARIO)) {
        progress(`${dialect}: ${UPLOAD_SCENARIO}…`);
        result.rows.push(await uploadRow(ctx, result));
      }
      // After the loads: its posts would otherwise come first in the measured feed.
      if (selected(PUBLISH_SCENARIO)) {
        progress(`${dialect}: ${PUBLISH_SCENARIO}…`);
        result.rows.push(await publishRow(ctx, mail, result));
      }
      if (selected(SCREENS_SCENARIO) && server.pid !== undefined) {
        progress(`${dialect}: ${SCREENS_SCENARIO}…`);
        result.rows.push(await screensRow(ctx, server.pid, result));
      }
      if (selected(STREAMS_SCENARIO) && server.pid !== undefined) {
        progress(`${dialect}: ${STREAMS_SCENARIO}…`);
        const streams = await streamsRow(ctx, server.pid);
        result.streams = streams.measured;
        result.rows.push(streams.row);
      }
      if (selected(RUSH_SCENARIO)) {
        progress(`${dialect}: ${RUSH_SCENARIO}…`);
        const rush = await rushRows(ctx, settings.durationSeconds, (label, stop) => cleanup.add(label, stop));
        result.rush = rush.measurement;
        result.rows.push(...rush.rows);
      }
      if (dialect === 'sqlite' && selected(LIGHTHOUSE_SCENARIO)) {
        progress(`${dialect}: ${LIGHTHOUSE_SCENARIO}…`);
        result.rows.push(...(await lighthouseRows(ctx, cleanup, result)));
      }
      if (dialect === 'sqlite' && selected(BROWSER_SCENARIO)) {
        progress(`${dialect}: ${BROWSER_SCENARIO}…`);
        try {
          const measured = await measureBrowser(ctx, (label, stop) => cleanup.add(label, stop), progress);
          result.browser = measured;
          result.rows.push(...browserRows(measured));
        } catch (error) {
          result.rows.push(failedRow(BROWSER_SCENARIO, BROWSER_SHEET_BUDGET_TEXT, error));
        }
      }
    } finally {
      result.serverLog.push(...server.logTail());
      await stopServer();
    }

    // On a database of its own, after the one-school server has stopped (the step starts
    // another on the one school's database, to measure it beside the 20).
    if (selected(SCALE_STEP)) {
      const scale = await scaleRows(
        dialect,
        adminUrl,
        settings,
        { database, dataset },
        (label, stop) => cleanup.add(label, stop),
        progress,
      );
      result.scale = scale.measured;
      result.rows.push(...scale.rows);
      result.serverLog.push(...scale.serverLog);
    }

    if (!selected(STARTUP.name)) return result;
    progress(`${dialect}: ${STARTUP.name} ×${STARTUP.starts}…`);
    const budgetText = describeBudget(STARTUP.budget);
    try {
      const samplesMs: number[] = [];
      for (let i = 0; i < STARTUP.starts; i += 1) {
        const timed = await startServer(database);
        const stopTimed = cleanup.add(`stop the ${dialect} server (pid ${timed.pid})`, timed.stop);
        samplesMs.push(timed.startMs);
        await stopTimed();
      }
      const medianMs = median(samplesMs);
      result.startup = { samplesMs, medianMs, firstStartWithMigrationsMs: server.startMs };
      const missed = missedLimits(STARTUP.budget, { p50Ms: medianMs, p99Ms: null, ratio: null });
      result.rows.push({
        scenario: `${STARTUP.name} (median of ${STARTUP.starts})`,
        p50Ms: medianMs,
        p99Ms: null,
        requestsPerSecond: null,
        ratio: null,
        budget: budgetText,
        verdict: missed.length > 0 ? 'MISS' : 'OK',
        missed,
      });
    } catch (error) {
      result.rows.push(failedRow(STARTUP.name, budgetText, error));
    }
  } finally {
    await dropDatabase();
  }
  return result;
}

/** Which dialects to run, and why PostgreSQL is left out when it is. */
async function chooseDialects(
  sqliteOnly: boolean,
): Promise<{ dialects: Dialect[]; adminUrl: string | undefined; note?: string }> {
  if (sqliteOnly) {
    return { dialects: ['sqlite'], adminUrl: undefined, note: 'PostgreSQL left out (--sqlite-only).' };
  }
  const given = process.env.BENCH_DATABASE_URL;
  // When given, it is meant to be used: a wrong URL fails the run instead of being skipped.
  if (given) return { dialects: ['sqlite', 'postgres'], adminUrl: given };
  if (await answersOnTcp('127.0.0.1', 5432)) {
    return { dialects: ['sqlite', 'postgres'], adminUrl: DEFAULT_POSTGRES_URL };
  }
  return {
    dialects: ['sqlite'],
    adminUrl: undefined,
    note: 'PostgreSQL left out: nothing answers on 127.0.0.1:5432 and BENCH_DATABASE_URL is not set.',
  };
}

function heading(dialect: Dialect, settings: LoadSettings): string {
  const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  return (
    `${name}: ${settings.connections} connections, ${settings.durationSeconds} s measured after ` +
    `${settings.warmupSeconds} s warm-up per scenario`
  );
}

async function main(): Promise<number> {
  const { load, sqliteOnly, selected } = readSettings();
  if (!existsSync(SERVER_ENTRY)) {
    console.error(`${SERVER_ENTRY} is missing; build the server first: npm run build -w @tun/server`);
    return 1;
  }
  const stale = staleBuildWarning();
  if (stale) console.warn(`Warning: ${stale}`);

  const cleanup = new Cleanup();
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      progress(`\n${signal}: stopping servers and removing databases…`);
      void cleanup.runAll().finally(() => process.exit(130));
    });
  }

  const startedAt = new Date();
  const mail = await startMailSink();
  cleanup.add('stop the SMTP sink', mail.close);
  const { dialects, adminUrl, note } = await chooseDialects(sqliteOnly);
  if (note) progress(note);
  const results: DialectResult[] = [];
  try {
    for (const dialect of dialects) {
      let result: DialectResult;
      try {
        result = await benchDialect(
          dialect,
          dialect === 'postgres' ? adminUrl : undefined,
          load,
          selected,
          mail,
          cleanup,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const hint =
          dialect === 'postgres'
            ? ' (set BENCH_DATABASE_URL to an account that may create databases, or --sqlite-only)'
            : '';
        result = { dialect, rows: [], measurements: {}, serverLog: [], error: `${message}${hint}` };
      }
      results.push(result);
      console.log(`\n${heading(dialect, load)}`);
      if (result.error) console.log(`  FAIL: ${result.error}`);
      else console.log(renderTable(result.rows));
      if (result.serverLog.length > 0) {
        console.log(`  The server logged ${result.serverLog.length} line(s) at warn or above; the last:`);
        for (const line of result.serverLog.slice(-3)) console.log(`    ${line.slice(0, 300)}`);
      }
    }
  } finally {
    await cleanup.runAll();
  }

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'latest.json');
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    ...sourceVersion(),
    machine: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? null,
      memoryMb: Math.round(totalmem() / 2 ** 20),
    },
    settings: load,
    skipped: note ?? null,
    dialects: results,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults: ${file}`);

  const failed = results.some((result) => result.error || result.rows.some((row) => row.verdict === 'FAIL'));
  const missed = results.some((result) => result.rows.some((row) => row.verdict === 'MISS'));
  return failed || missed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
