import autocannon from 'autocannon';
import type { IncomingHttpHeaders } from 'node:http';
import type { Load } from './scenarios';

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface Measurement {
  /** Answered requests in the measured run (the warm-up is not counted). */
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

function toHeaders(headers: IncomingHttpHeaders | undefined): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) result.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return result;
}

/**
 * One request before the load: a scenario that answers 401 or 404 would otherwise measure
 * nothing but how fast the server refuses, and look excellent.
 */
async function preflight(baseUrl: string, load: Load): Promise<void> {
  const method = load.method ?? 'GET';
  const response = await fetch(`${baseUrl}${load.path}`, {
    method,
    headers: toHeaders(load.headers),
    body: load.body,
  });
  if (!response.ok) {
    const body = (await response.text()).slice(0, 500);
    throw new Error(`${method} ${load.path} answered ${response.status}: ${body}`);
  }
}

function fire(
  options: autocannon.Options,
  onResponse?: (status: number, ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

/** Nearest rank on sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** What one run of a load answered: every response's time and status. */
interface Answers {
  latencies: number[];
  statusCodes: Record<string, number>;
  seconds: number;
  errors: number;
  timeouts: number;
}

const noAnswers = (): Answers => ({ latencies: [], statusCodes: {}, seconds: 0, errors: 0, timeouts: 0 });

function optionsOf(baseUrl: string, load: Load, settings: LoadSettings): autocannon.Options {
  const { path, ...request } = load;
  return { ...request, url: `${baseUrl}${path}`, connections: settings.connections };
}

/** Lets the database pool fill and V8 optimise the hot path before anything is counted. */
async function warmUp(options: autocannon.Options, settings: LoadSettings): Promise<void> {
  if (settings.warmupSeconds > 0) await fire({ ...options, duration: settings.warmupSeconds });
}

/** Runs the load for `seconds` and adds what it answered to `into`. */
async function measureInto(into: Answers, options: autocannon.Options, seconds: number): Promise<void> {
  // autocannon's own histogram keeps whole milliseconds; these routes answer in a few, so the
  // percentiles come from the exact response times instead.
  const result = await fire({ ...options, duration: seconds }, (status, ms) => {
    into.latencies.push(ms);
    into.statusCodes[status] = (into.statusCodes[status] ?? 0) + 1;
  });
  into.seconds += result.duration;
  into.errors += result.errors;
  into.timeouts += result.timeouts;
}

function measurementOf(answers: Answers): Measurement {
  const sorted = Float64Array.from(answers.latencies).sort();
  return {
    requests: sorted.length,
    seconds: answers.seconds,
    requestsPerSecond: sorted.length / answers.seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    errors: answers.errors,
    timeouts: answers.timeouts,
    statusCodes: answers.statusCodes,
  };
}

export async function measureLoad(baseUrl: string, load: Load, settings: LoadSettings): Promise<Measurement> {
  await preflight(baseUrl, load);
  const options = optionsOf(baseUrl, load, settings);
  await warmUp(options, settings);
  const answers = noAnswers();
  await measureInto(answers, options, settings.durationSeconds);
  return measurementOf(answers);
}

/** A load on one server, to be compared with the same on another. */
export interface Side {
  baseUrl: string;
  load: Load;
}

/** Slices of each side's measured time (PAIRED_SLICE_SECONDS each, at least two). */
const PAIRED_SLICE_SECONDS = 2;

/**
 * Two loads measured in turns of PAIRED_SLICE_SECONDS, each for the settings' duration in all,
 * the order of each pair of turns the reverse of the one before (A B, B A, A B, …). On a shared
 * machine the speed of the same build swings by 2–2.6× within a minute; measured one after the
 * other, a swing falls on one side and is read as a difference between them. In short turns it
 * falls on both.
 */
export async function measurePaired(
  a: Side,
  b: Side,
  settings: LoadSettings,
): Promise<[Measurement, Measurement]> {
  await preflight(a.baseUrl, a.load);
  await preflight(b.baseUrl, b.load);
  const sides = [a, b].map((side) => ({
    options: optionsOf(side.baseUrl, side.load, settings),
    answers: noAnswers(),
  }));
  for (const side of sides) await warmUp(side.options, settings);
  const slices = Math.max(2, Math.round(settings.durationSeconds / PAIRED_SLICE_SECONDS));
  const seconds = settings.durationSeconds / slices;
  for (let slice = 0; slice < slices; slice++) {
    const order = slice % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) await measureInto(side.answers, side.options, seconds);
  }
  return [measurementOf(sides[0]!.answers), measurementOf(sides[1]!.answers)];
}

/** Why a measurement cannot be trusted, if it cannot. */
export function measurementProblem(measurement: Measurement): string | undefined {
  const refused = Object.entries(measurement.statusCodes).filter(([status]) => !status.startsWith('2'));
  const problems = [
    measurement.requests === 0 ? 'no answers' : '',
    measurement.errors > 0
      ? `${measurement.errors} connection errors (${measurement.timeouts} timeouts)`
      : '',
    refused.length > 0 ? `answers ${refused.map(([status, count]) => `${status} ×${count}`).join(', ')}` : '',
  ].filter(Boolean);
  return problems.length > 0 ? problems.join('; ') : undefined;
}
