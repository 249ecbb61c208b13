/**
 * Tenancy scale (PERFORMANCE.md: «same scenarios with 20 schools in one database»): after the
 * one-school scenarios, a database of its own holding 20 large schools, and the same reads and
 * writes against one of them. Each row states its ratio to the one-school figure of the same run
 * (the same machine, minutes apart), budget ≤ 1.2×.
 *
 * The figure compared: for the loads of 50 clients, throughput (one school's requests per second
 * over these), since with a fixed number of clients it is their mean wait, and on a shared
 * machine far steadier between runs than a p99 of a few seconds; the p99s and their ratio are in
 * the note. For the save, measured as one teacher's, its budgeted figure: p50.
 */
import { prepareDataset } from './dataset';
import { measureLoad, measurementProblem, type LoadSettings, type Measurement } from './measure';
import { failedRow, format, type Row } from './report';
import { SCENARIOS, type BenchContext } from './scenarios';
import { createDatabase, startServer, type Dialect } from './server';

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

/** The selection, widened by the one-school scenarios the scale step compares with. */
export function withScaleScenarios(selected: (name: string) => boolean): (name: string) => boolean {
  const scale = selected(SCALE_STEP);
  return (name) => selected(name) || (scale && SCALE_SCENARIOS.includes(name));
}

export interface ScaleMeasurement {
  schools: number;
  /** Writing all schools' data, in seconds. */
  generationSeconds: number;
  measurements: Record<string, Measurement>;
}

type Register = (label: string, stop: () => Promise<void>) => () => Promise<void>;

/** A row that could not be measured, under the step's budget. */
const failed = (scenario: string, error: unknown): Row =>
  failedRow(scenario, `≤ ${SCALE_BUDGET}× one school`, error);

/** One scenario's row: its figures among 20 schools and the ratio to one school's. */
function compare(name: string, connections: number, scaled: Measurement, one: Measurement | undefined): Row {
  const scenario = `${name}, ${SCALE_SCHOOLS} schools`;
  if (!one) return failed(scenario, 'no one-school figure in this run to compare with');
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
      `ratio = ${byP50 ? 'p50 here / one school' : 'one school req/s / req/s here'}; one school ` +
      `p50 ${format(one.p50Ms)} ms, p99 ${format(one.p99Ms)} ms, ${format(one.requestsPerSecond, 0)} req/s; ` +
      `p99 ratio ${format(scaled.p99Ms / one.p99Ms, 2)}`,
  };
}

/**
 * A fresh database with SCALE_SCHOOLS large schools (the measured one in the middle of every
 * table), its own server, and SCALE_SCENARIOS against the measured school, under the same load
 * settings as the one-school rows in `oneSchool`.
 */
export async function scaleRows(
  dialect: Dialect,
  adminUrl: string | undefined,
  settings: LoadSettings,
  oneSchool: Record<string, Measurement>,
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
    try {
      const ctx: BenchContext = {
        dialect,
        baseUrl: server.url,
        dataset,
        dataDir: database.dataDir,
        database,
      };
      const measured: ScaleMeasurement = {
        schools: SCALE_SCHOOLS,
        generationSeconds: dataset.generationSeconds,
        measurements: {},
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
      for (const name of SCALE_SCENARIOS) {
        const scenario = SCENARIOS.find((candidate) => candidate.name === name);
        if (!scenario) throw new Error(`no scenario named '${name}'`);
        progress(`${dialect}: ${name}, ${SCALE_SCHOOLS} schools…`);
        const connections = scenario.connections ?? settings.connections;
        try {
          const state = scenario.setup ? await scenario.setup(ctx) : undefined;
          const measurement = await measureLoad(ctx.baseUrl, scenario.request(ctx, state), {
            ...settings,
            connections,
          });
          measured.measurements[name] = measurement;
          const problem = measurementProblem(measurement);
          rows.push(
            problem
              ? failed(`${name}, ${SCALE_SCHOOLS} schools`, problem)
              : compare(name, connections, measurement, oneSchool[name]),
          );
        } catch (error) {
          rows.push(failed(`${name}, ${SCALE_SCHOOLS} schools`, error));
        }
      }
      return { rows, measured, serverLog };
    } finally {
      serverLog.push(...server.logTail());
      await stopServer();
    }
  } catch (error) {
    rows.push(failed(SCALE_STEP, error));
    return { rows, serverLog };
  } finally {
    await dropDatabase();
  }
}
