/**
 * Tenancy scale (PERFORMANCE.md: «same scenarios with 20 schools in one database»): after the
 * one-school scenarios, a database of its own holding 20 large schools, and the same reads and
 * writes against one of them. Each row states its ratio to one school, budget ≤ 1.2×.
 *
 * One school is measured again here, on its own database and a server of its own, in turns of
 * a few seconds with the same scenario among 20 schools (measurePaired). Its figures from the
 * table above were taken a quarter of an hour earlier, and on these shared machines the speed of
 * the same build drifts by half within minutes: a ratio over that gap measured the drift as
 * often as the schools (1.25–1.65× in one row of a run, another row the next run). Measured
 * right before or after, one scenario's two halves still fell on different minutes.
 *
 * The figure compared: for the loads of 50 clients, throughput (one school's requests per second
 * over these), since with a fixed number of clients it is their mean wait, and on a shared
 * machine far steadier between runs than a p99 of a few seconds; the p99s and their ratio are in
 * the note. For the save, measured as one teacher's, its budgeted figure: p50.
 */
import { prepareDataset, type Dataset } from './dataset';
import { measurementProblem, measurePaired, type LoadSettings, type Measurement } from './measure';
import { failedRow, format, type Row } from './report';
import { SCENARIOS, type BenchContext } from './scenarios';
import { createDatabase, startServer, type BenchDatabase, type Dialect } from './server';

export const SCALE_SCHOOLS = 20;
export const SCALE_STEP = `scale: ${SCALE_SCHOOLS} schools in one database`;
/** At most this much slower than with one school. */
export const SCALE_BUDGET = 1.2;

/** The scenarios measured again among 20 schools; each must also run on one school first. */
export const SCALE_SCENARIOS = [
  'calendar week for one student',
  'calendar week for one student (cache miss)',
  'attendance sheet for one event (60 students)',
  'attendance sheet for one event (60 students) (cache miss)',
  'tag scan check-in',
  'batch attendance save (60 students), one teacher',
  'people list, 400-student school',
];

export interface ScaleMeasurement {
  schools: number;
  /** Writing all schools' data, in seconds. */
  generationSeconds: number;
  measurements: Record<string, Measurement>;
  /** One school's figures, measured beside them. */
  oneSchool: Record<string, Measurement>;
}

/** The one-school database of the run, still there, and its data. */
export interface OneSchool {
  database: BenchDatabase;
  dataset: Dataset;
}

type Register = (label: string, stop: () => Promise<void>) => () => Promise<void>;

/** A row that could not be measured, under the step's budget. */
const failed = (scenario: string, error: unknown): Row =>
  failedRow(scenario, `≤ ${SCALE_BUDGET}× one school`, error);

/** One scenario's row: its figures among 20 schools and the ratio to one school's. */
function compare(name: string, connections: number, scaled: Measurement, one: Measurement): Row {
  const scenario = `${name}, ${SCALE_SCHOOLS} schools`;
  const byP50 = connections === 1;
  const ratio = byP50 ? scaled.p50Ms / one.p50Ms : one.requestsPerSecond / scaled.requestsPerSecond;
  const compared = byP50 ? 'p50' : 'throughput';
  const missed =
    ratio <= SCALE_BUDGET ? [] : [`${compared} ${format(ratio, 2)}× one school's > ${SCALE_BUDGET}×`];
  return {
    scenario,
    p50Ms: scaled.p50Ms,
    p99Ms: scaled.p99Ms,
    requestsPerSecond: scaled.requestsPerSecond,
    ratio,
    budget: `${compared} ≤ ${SCALE_BUDGET}× one school`,
    verdict: missed.length > 0 ? 'MISS' : 'OK',
    missed,
    note:
      `ratio = ${byP50 ? 'p50 here / one school' : 'one school req/s / req/s here'}; one school beside it ` +
      `p50 ${format(one.p50Ms)} ms, p99 ${format(one.p99Ms)} ms, ${format(one.requestsPerSecond, 0)} req/s; ` +
      `p99 ratio ${format(scaled.p99Ms / one.p99Ms, 2)}`,
  };
}

/**
 * A fresh database with SCALE_SCHOOLS large schools (the measured one in the middle of every
 * table), its own server, and SCALE_SCENARIOS against the measured school, each beside the same
 * scenario on `oneSchool`, under the settings of the one-school rows.
 */
export async function scaleRows(
  dialect: Dialect,
  adminUrl: string | undefined,
  settings: LoadSettings,
  oneSchool: OneSchool,
  register: Register,
  progress: (message: string) => void,
): Promise<{ rows: Row[]; measured?: ScaleMeasurement; serverLog: string[] }> {
  const rows: Row[] = [];
  const serverLog: string[] = [];
  const database = await createDatabase(dialect, adminUrl);
  const dropDatabase = register(`remove ${database.label}`, database.drop);
  try {
    const first = await startServer(database);
    const stopFirst = register(`stop the ${dialect} scale server (pid ${first.pid})`, first.stop);
    let dataset;
    try {
      progress(`${dialect}: ${SCALE_STEP}: generating ${SCALE_SCHOOLS} schools…`);
      dataset = await prepareDataset(first.url, database, { schools: SCALE_SCHOOLS });
    } finally {
      serverLog.push(...first.logTail());
      await stopFirst();
    }
    // A server started on the loaded database, as after a deploy: nothing it keeps in memory
    // predates the data, and no connection has idled through the minutes of loading.
    const server = await startServer(database);
    const stopServer = register(`stop the ${dialect} scale server (pid ${server.pid})`, server.stop);
    const oneServer = await startServer(oneSchool.database);
    const stopOneServer = register(
      `stop the ${dialect} one-school server (pid ${oneServer.pid})`,
      oneServer.stop,
    );
    try {
      const ctx: BenchContext = {
        dialect,
        baseUrl: server.url,
        dataset,
        dataDir: database.dataDir,
        database,
      };
      const oneCtx: BenchContext = {
        dialect,
        baseUrl: oneServer.url,
        dataset: oneSchool.dataset,
        dataDir: oneSchool.database.dataDir,
        database: oneSchool.database,
      };
      const measured: ScaleMeasurement = {
        schools: SCALE_SCHOOLS,
        generationSeconds: dataset.generationSeconds,
        measurements: {},
        oneSchool: {},
      };
      rows.push({
        scenario: `${SCALE_STEP}: generating the data`,
        p50Ms: null,
        p99Ms: null,
        requestsPerSecond: null,
        ratio: null,
        budget: '—',
        verdict: '—',
        missed: [],
        note: `${format(dataset.generationSeconds)} s for ${SCALE_SCHOOLS} schools of 400 students, 40 weeks of attendance each`,
      });
      for (const [index, name] of SCALE_SCENARIOS.entries()) {
        const scenario = SCENARIOS.find((candidate) => candidate.name === name);
        if (!scenario) throw new Error(`no scenario named '${name}'`);
        progress(`${dialect}: ${name}, ${SCALE_SCHOOLS} schools and one…`);
        const connections = scenario.connections ?? settings.connections;
        const side = async (on: BenchContext) => {
          const state = scenario.setup ? await scenario.setup(on) : undefined;
          return { baseUrl: on.baseUrl, load: scenario.request(on, state) };
        };
        try {
          const load = { ...settings, connections };
          // Every other scenario one school first, so that neither side always has the first turn.
          const [first, second] = index % 2 === 0 ? [oneCtx, ctx] : [ctx, oneCtx];
          const [ofFirst, ofSecond] = await measurePaired(await side(first), await side(second), load);
          const [measurement, beside] = first === ctx ? [ofFirst, ofSecond] : [ofSecond, ofFirst];
          measured.measurements[name] = measurement;
          measured.oneSchool[name] = beside;
          const problem = measurementProblem(measurement) ?? measurementProblem(beside);
          rows.push(
            problem
              ? failed(`${name}, ${SCALE_SCHOOLS} schools`, problem)
              : compare(name, connections, measurement, beside),
          );
        } catch (error) {
          rows.push(failed(`${name}, ${SCALE_SCHOOLS} schools`, error));
        }
      }
      return { rows, measured, serverLog };
    } finally {
      serverLog.push(...server.logTail(), ...oneServer.logTail());
      await stopOneServer();
      await stopServer();
    }
  } catch (error) {
    rows.push(failed(SCALE_STEP, error));
    return { rows, serverLog };
  } finally {
    await dropDatabase();
  }
}
