/**
 * Every route of the OpenAPI document, sent what a careless or hostile admin's client could
 * send: no answer may be a 5xx, every 4xx is a problem document, and the server still answers
 * its health check after each request. Seeded: a failure names its seed and request.
 * `npm run fuzz` runs the same requests, many more of them, against a real server process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createSchool, insertRoom, setupSchool } from './factories';
import { bodyOf, fault, sampleRequests, type OpenApiDocument } from './fuzz/requests';
import { createTestApp, dialects, type TestApp } from './helper';

const SEED = 20261123;
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 400);
// Generous: on a quiet machine a run takes a few seconds, on a busy CI machine many times that.
const TIMEOUT_MS = 240_000;

/** Ids that exist, so that many requests get past "not found" into the code behind it. */
async function idPool(t: TestApp, admin: string): Promise<string[]> {
  const post = async (url: string, payload: object) =>
    (await callApi<{ id: string; personId?: string }>(t, admin, 'POST', url, payload)).body;
  const room = await post('/api/v1/rooms', { name: 'Verkstedet' });
  const student = await post('/api/v1/people', { name: { first: 'Fuzz', last: 'Elev' } });
  const teacher = await post('/api/v1/people', {
    name: { first: 'Fuzz', last: 'Lærer' },
    roles: ['teacher'],
  });
  const line = await post('/api/v1/lines', { name: 'Friluftsliv', shortName: 'FRI', color: 'green' });
  const elective = await post('/api/v1/electives', { name: 'Klatring', color: 'blue' });
  const group = await post('/api/v1/groups', { name: 'Turgruppe', members: [] });
  const event = await post('/api/v1/calendar/events', {
    name: 'Fjelltur',
    start: '2026-11-24T08:00:00Z',
    end: '2026-11-24T12:00:00Z',
    type: 'physact',
    mandatory: true,
    roomUsed: null,
    groupsAttending: [],
  });
  // Another school's room: tenancy must answer 404, not fall over.
  const otherRoom = await insertRoom(t, await createSchool(t), 'Nabostua');
  const ids = [room, student, teacher, line, elective, group, event].flatMap((item) =>
    item && typeof item.id === 'string' ? [item.id] : [],
  );
  return [...ids, otherRoom, 'normalWeek', '2026-11-24', `${event?.id ?? 'x'}-${student?.id ?? 'y'}`];
}

describe.each(dialects())('fuzzing every route (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let document: OpenApiDocument;
  let pool: string[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ adminCookie: admin } = await setupSchool(t));
    document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    pool = await idPool(t, admin);
  });
  afterAll(() => t.close());

  it(
    `answers ${REQUESTS} generated requests with no 5xx and problem documents for every 4xx`,
    async () => {
      const faults: string[] = [];
      const requests = sampleRequests(document, pool, { seed: SEED, count: REQUESTS });
      for (const [index, request] of requests.entries()) {
        const response = await t.request({
          method: request.method as 'GET',
          url: request.url,
          cookie: admin,
          headers: request.headers,
          ...(request.body !== undefined || request.oversized ? { payload: bodyOf(request) } : {}),
        });
        const problem = fault({
          status: response.statusCode,
          contentType: String(response.headers['content-type'] ?? ''),
        });
        if (problem)
          faults.push(
            `#${index} ${request.route} → ${problem}: ${request.method} ${request.url.slice(0, 200)}`,
          );

        // That the server still answers; `npm run fuzz` also holds it to 1 s, which a test on a
        // busy machine cannot.
        const health = await t.request({ method: 'GET', url: '/api/v1/health' });
        if (health.statusCode !== 200) faults.push(`#${index} ${request.route}: health ${health.statusCode}`);
      }
      expect(faults, `seed ${SEED}`).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
