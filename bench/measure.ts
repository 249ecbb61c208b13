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

export async function measureLoad(baseUrl: string, load: Load, settings: LoadSettings): Promise<Measurement> {
  await preflight(baseUrl, load);
  const { path, ...request } = load;
  const options: autocannon.Options = {
    ...request,
    url: `${baseUrl}${path}`,
    connections: settings.connections,
  };
  // Lets the database pool fill and V8 optimise the hot path before anything is counted.
  if (settings.warmupSeconds > 0) await fire({ ...options, duration: settings.warmupSeconds });

  // autocannon's own histogram keeps whole milliseconds; these routes answer in a few, so the
  // percentiles come from the exact response times instead.
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const result = await fire({ ...options, duration: settings.durationSeconds }, (status, ms) => {
    latencies.push(ms);
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  });
  const sorted = Float64Array.from(latencies).sort();
  const seconds = result.duration;
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
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
