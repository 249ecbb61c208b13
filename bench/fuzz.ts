/**
 * `npm run fuzz`: the fuzz test's requests, many more of them, against the built server in a
 * process of its own, as an admin. Fails when any answer is a 5xx, a 4xx is not a problem
 * document, a request gets no answer within 10 s, or the server stops answering its health
 * check within 1 s after a request.
 *
 *   npm run fuzz -- [--requests 10000] [--seed 1] [--dialect sqlite|postgres]
 */
import { parseArgs } from 'node:util';
import { bodyOf, fault, sampleRequests, type OpenApiDocument } from '../apps/server/test/fuzz/requests';
import { createDatabase, startServer, staleBuildWarning, type Dialect } from './server';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    dialect: { type: 'string', default: 'sqlite' },
  },
});
const count = Number(values.requests);
const seed = Number(values.seed);
const dialect = values.dialect as Dialect;
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isInteger(seed) ||
  !['sqlite', 'postgres'].includes(dialect)
) {
  console.error('Usage: npm run fuzz -- [--requests N] [--seed N] [--dialect sqlite|postgres]');
  process.exit(2);
}

const REQUEST_TIMEOUT_MS = 10_000;
const HEALTH_WITHIN_MS = 1_000;
const PASSWORD = 'et-langt-passord-for-fuzz';

const stale = staleBuildWarning();
if (stale) console.warn(`Warning: ${stale}`);

const database = await createDatabase(dialect);
const server = await startServer(database);
let cookie = '';

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  return { response, json: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

async function healthTook(): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}/api/v1/health`, {
      signal: AbortSignal.timeout(HEALTH_WITHIN_MS),
    });
    await response.arrayBuffer();
    return response.ok ? performance.now() - started : null;
  } catch {
    return null;
  }
}

try {
  await call('POST', '/api/v1/setup', {
    school: { shortName: 'Fuzztun', longName: 'Fuzztun folkehøgskole' },
    admin: { name: { first: 'Fuzz', last: 'Rektor' }, email: 'rektor@fuzztun.no', password: PASSWORD },
  });
  const login = await call('POST', '/api/v1/login', { email: 'rektor@fuzztun.no', password: PASSWORD });
  cookie = login.response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const created = await Promise.all(
    [
      ['/api/v1/rooms', { name: 'Verkstedet' }],
      ['/api/v1/people', { name: { first: 'Fuzz', last: 'Elev' } }],
      ['/api/v1/lines', { name: 'Friluftsliv', shortName: 'FRI', color: 'green' }],
      ['/api/v1/electives', { name: 'Klatring', color: 'blue' }],
      ['/api/v1/groups', { name: 'Turgruppe', members: [] }],
    ].map(async ([path, body]) => (await call('POST', path as string, body)).json?.id),
  );
  const pool = [...created.filter((id): id is string => typeof id === 'string'), 'normalWeek', '2026-11-24'];
  const document = (await call('GET', '/api/docs/json')).json as unknown as OpenApiDocument;

  const statuses = new Map<number, number>();
  const faults = new Map<string, string[]>();
  let resetOversized = 0;
  const note = (route: string, what: string) => faults.set(route, [...(faults.get(route) ?? []), what]);
  const started = performance.now();
  // In batches: ten thousand requests with their bodies at once would be needlessly large.
  for (let done = 0; done < count; done += 500) {
    const batch = sampleRequests(document, pool, { seed: seed + done, count: Math.min(500, count - done) });
    for (const request of batch) {
      const body = bodyOf(request);
      try {
        const response = await fetch(`${server.url}${request.url}`, {
          method: request.method,
          headers: { ...request.headers, cookie },
          ...(body !== undefined && request.method !== 'GET' ? { body } : {}),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const problem = fault({
          status: response.status,
          contentType: response.headers.get('content-type') ?? undefined,
        });
        if (problem) note(request.route, `${problem}: ${request.method} ${request.url.slice(0, 160)}`);
      } catch (error) {
        // A server refuses a body over its limit as soon as the headers say so and closes the
        // connection; a client still sending may then see the socket close instead of the 413.
        if (request.oversized) resetOversized += 1;
        else
          note(
            request.route,
            `no answer (${(error as Error).name}): ${request.method} ${request.url.slice(0, 160)}`,
          );
      }
      const took = await healthTook();
      if (took === null)
        note(request.route, `health did not answer within ${HEALTH_WITHIN_MS} ms afterwards`);
    }
  }
  const seconds = (performance.now() - started) / 1000;

  console.log(`Fuzzed ${count} requests on ${dialect} (seed ${seed}) in ${seconds.toFixed(1)} s.`);
  console.log(
    'Statuses:',
    [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' '),
  );
  const fivexx = [...statuses.entries()]
    .filter(([status]) => status >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(`5xx: ${fivexx}`);
  if (resetOversized > 0)
    console.log(`Oversized bodies cut off by the server before its 413 was read: ${resetOversized}`);
  if (faults.size > 0) {
    for (const [route, list] of faults) {
      console.log(`\n${route}: ${list.length}`);
      for (const line of list.slice(0, 5)) console.log(`  ${line}`);
    }
    process.exitCode = 1;
  } else {
    console.log('No faults.');
  }
} finally {
  await server.stop();
  await database.drop();
}
