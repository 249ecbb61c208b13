/**
 * The scenarios of PERFORMANCE.md and their budgets. A new scenario is one more entry in
 * SCENARIOS; the driver warms it up, measures it under the same load as the others and compares
 * its throughput with the ceiling measured in the same run, since absolute figures drift on
 * these shared machines.
 */
import type autocannon from 'autocannon';
import type { Dataset } from './dataset';
import type { Dialect } from './server';

/** Limits a measurement must stay within; a scenario without one is only reported. */
export interface Budget {
  p50Ms?: number;
  p99Ms?: number;
  /** Least throughput, as a share of the ceiling's (0.4 for "≥ 40 % of the ceiling"). */
  minRatio?: number;
}

export interface BenchContext {
  dialect: Dialect;
  baseUrl: string;
  dataset: Dataset;
}

/** One request shape for autocannon; url, duration and connections come from the driver. */
export type Load = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'> & {
  path: string;
};

export interface Scenario<State = undefined> {
  name: string;
  /** The trivial authenticated route all throughputs are compared with; it runs first. */
  ceiling?: boolean;
  /** A function when the dialects have different budgets. */
  budget?: Budget | ((dialect: Dialect) => Budget | undefined);
  /** Once per dialect, before the warm-up: sign in as someone else, look up ids, … */
  setup?(ctx: BenchContext): Promise<State>;
  request(ctx: BenchContext, state: State): Load;
}

/** Keeps State checked between setup and request, while the list holds any scenario. */
export function defineScenario<State = undefined>(scenario: Scenario<State>): Scenario<unknown> {
  return scenario;
}

export const SCENARIOS: Scenario<unknown>[] = [
  defineScenario({
    name: 'framework ceiling',
    ceiling: true,
    request: ({ dataset }) => ({ path: '/api/v1/time', headers: { cookie: dataset.admin.cookie } }),
  }),
  defineScenario({
    name: 'session check',
    request: ({ dataset }) => ({ path: '/api/v1/session', headers: { cookie: dataset.admin.cookie } }),
  }),
  defineScenario({
    name: 'people list, 400-student school',
    request: ({ dataset }) => ({ path: '/api/v1/people', headers: { cookie: dataset.admin.cookie } }),
  }),
  defineScenario({
    name: 'calendar week for one student',
    budget: { p99Ms: 25, minRatio: 0.4 },
    request: ({ dataset }) => ({
      path: calendarPath(7, `&person=${dataset.studentIds[0]}`),
      headers: { cookie: dataset.admin.cookie },
    }),
  }),
  defineScenario({
    name: 'calendar month, whole school',
    request: ({ dataset }) => ({ path: calendarPath(42), headers: { cookie: dataset.admin.cookie } }),
  }),
];

/** This week (or the six weeks a month view shows) from Monday, as the calendar page asks. */
function calendarPath(days: number, filter = ''): string {
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const end = new Date(monday.getTime() + days * 24 * 60 * 60 * 1000);
  return `/api/v1/calendar?from=${monday.toISOString()}&to=${end.toISOString()}${filter}`;
}

/** Spawn of the built server to its first answered request, on an already-migrated database. */
export const STARTUP = {
  name: 'start-up to first answer',
  starts: 3,
  budget: { p50Ms: 2000 } satisfies Budget,
};
