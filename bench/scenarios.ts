/**
 * The scenarios of PERFORMANCE.md and their budgets. A new scenario is one more entry in
 * SCENARIOS; the driver warms it up, measures it under the same load as the others and compares
 * its throughput with the ceiling measured in the same run, since absolute figures drift on
 * these shared machines.
 */
import type autocannon from 'autocannon';
import { FILE_LIST_MAX_RESULTS_DEFAULT } from '@tun/shared';
import { login, type Dataset } from './dataset';
import { folderWithFiles } from './files';
import { foodCountMissScenario, foodCountScenario } from './food';
import type { BenchDatabase, Dialect } from './server';

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
  /** The server's DATA_DIR, for references measured on the disk it stores on. */
  dataDir: string;
  /** The server's database, for figures read there directly (a job's outcome). */
  database: BenchDatabase;
}

/** One request shape for autocannon; url, duration and connections come from the driver. */
export type Load = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'> & {
  path: string;
};

export interface Scenario<State = undefined> {
  name: string;
  /** Concurrent clients, when not the run's (a report is measured as one person asks for it). */
  connections?: number;
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

/**
 * The same read with the server's answer cache bypassed (PERFORMANCE.md: «every read scenario
 * with the answer cache bypassed»): each request carries a query parameter the route ignores but
 * which is part of the key the answer is kept under (its URL), so no kept answer is ever found.
 * The setup checks that it really misses: a few requests in a row for one URL (the first makes
 * the answer, the rest find it) against as many for URLs never asked before.
 */
export function cacheMiss<State>(scenario: Scenario<State>, budget: Budget = {}): Scenario<State> {
  return {
    ...scenario,
    name: `${scenario.name} (cache miss)`,
    budget,
    setup: async (ctx) => {
      const state = (scenario.setup ? await scenario.setup(ctx) : undefined) as State;
      await checkMisses(ctx, scenario.request(ctx, state));
      return state;
    },
    request: (ctx, state) => {
      const load = scenario.request(ctx, state);
      let request = 0;
      return {
        ...load,
        // The check before measuring: the route accepts the parameter.
        path: withMissParameter(load.path, 0),
        requests: [
          {
            method: load.method ?? 'GET',
            headers: load.headers,
            setupRequest: (req) => ({ ...req, path: withMissParameter(load.path, (request += 1)) }),
          },
        ],
      };
    },
  };
}

const withMissParameter = (path: string, request: number | string) =>
  `${path}${path.includes('?') ? '&' : '?'}benchMiss=${request}`;

/** Requests one after another, for comparing a kept answer with one made anew. */
const MISS_CHECK_REQUESTS = 20;
/**
 * How much longer the fastest new URL must take than the fastest kept one. A sheet made anew
 * took 1.2× a kept one at the fastest once its reads ran at once (decision 036); a parameter
 * the cache did not bypass gives the same time for both, within a few per cent.
 */
const MISS_SLOWER_THAN_HIT = 1.1;

/**
 * Fails the scenario when the parameter does not bypass the cache (the route would then answer
 * from what it keeps, and the row would measure hits): the fastest of several requests for new
 * URLs must take clearly longer than the fastest of as many repeated requests for one URL. The
 * fastest, not the median, since other work on a shared machine only ever adds time.
 */
async function checkMisses(ctx: BenchContext, load: Load): Promise<void> {
  const headers = new Headers(load.headers as Record<string, string>);
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${ctx.baseUrl}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const kept = withMissParameter(load.path, 'kept');
  await timed(kept);
  let hit = Infinity;
  let miss = Infinity;
  for (let i = 0; i < MISS_CHECK_REQUESTS; i += 1) {
    hit = Math.min(hit, await timed(kept));
    miss = Math.min(miss, await timed(withMissParameter(load.path, `check-${Date.now()}-${i}`)));
  }
  if (!(miss > hit * MISS_SLOWER_THAN_HIT)) {
    throw new Error(
      `${load.path}: a new URL (fastest ${miss.toFixed(2)} ms) is not slower than a kept one ` +
        `(${hit.toFixed(2)} ms); the parameter may not bypass the answer cache`,
    );
  }
}

/** The read scenarios whose answers the server keeps; each also runs as a cache miss. */
const calendarWeek: Scenario<undefined> = {
  name: 'calendar week for one student',
  budget: { p99Ms: 25, minRatio: 0.4 },
  request: ({ dataset }) => ({
    path: calendarPath(7, `&person=${dataset.studentIds[0]}`),
    headers: { cookie: dataset.admin.cookie },
  }),
};

const calendarMonth: Scenario<undefined> = {
  name: 'calendar month, whole school',
  request: ({ dataset }) => ({ path: calendarPath(42), headers: { cookie: dataset.admin.cookie } }),
};

/** The body of a save of the bench's sheet: its 60 students, those `absent` picks not attending. */
function sheetSave(dataset: Dataset, absent: (index: number) => boolean): string {
  return JSON.stringify({
    records: dataset.studentIds.slice(0, 60).map((studentId, index) => ({
      studentId,
      manualStatus: absent(index) ? 'notAttending' : 'attending',
      note: null,
    })),
  });
}

/**
 * The sheet as a teacher reads it once attendance is taken: saved once, every one of the 60 with
 * a record, one in ten absent. Unsaved, a sheet has no records and is a third of the bytes; the
 * rows measured it so until the batch save had run, and the 20-school step, beside one school
 * measured after it, compared an empty sheet with a full one. Saving the same again changes no
 * record, so each scenario may do it.
 */
async function saveSheetOnce(ctx: BenchContext): Promise<undefined> {
  const { dataset } = ctx;
  const response = await fetch(`${ctx.baseUrl}/api/v1/attendance/events/${dataset.sheetEventId}`, {
    method: 'PUT',
    headers: { cookie: dataset.admin.cookie, 'content-type': 'application/json' },
    body: sheetSave(dataset, (index) => index % 10 === 9),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`PUT of the sheet answered ${response.status}`);
  return undefined;
}

const attendanceSheet: Scenario<undefined> = {
  name: 'attendance sheet for one event (60 students)',
  budget: { p99Ms: 25, minRatio: 0.4 },
  setup: saveSheetOnce,
  request: ({ dataset }) => ({
    path: `/api/v1/attendance/events/${dataset.sheetEventId}`,
    headers: { cookie: dataset.admin.cookie },
  }),
};

const postFeed: Scenario<{ cookie: string }> = {
  name: 'post feed for one student (5,000 posts)',
  budget: { p99Ms: 25, minRatio: 0.4 },
  // The first page as the posts page asks for it, by a student who sees about half of the
  // school's posts (whole school, their line, electives and group) and has read half of those.
  setup: async (ctx) => {
    const { cookie } = await studentLogin(ctx, ctx.dataset.posts.feedStudentId);
    const response = await fetch(`${ctx.baseUrl}/api/v1/posts`, { headers: { cookie } });
    const feed = (await response.json()) as { posts: { pinned: boolean }[]; nextCursor: string | null };
    // A feed that came back short would measure less than the scenario says.
    if (feed.posts?.length !== 20 || feed.nextCursor === null || !feed.posts[0]?.pinned) {
      throw new Error(`GET /api/v1/posts answered ${response.status} without a full first page`);
    }
    return { cookie };
  },
  request: (_ctx, state: { cookie: string }) => ({
    path: '/api/v1/posts',
    headers: { cookie: state.cookie },
  }),
};

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
    budget: { p99Ms: 100 },
    request: ({ dataset }) => ({ path: '/api/v1/people', headers: { cookie: dataset.admin.cookie } }),
  }),
  defineScenario(calendarWeek),
  defineScenario(cacheMiss(calendarWeek, { p99Ms: 25 })),
  defineScenario(calendarMonth),
  defineScenario(cacheMiss(calendarMonth)),
  defineScenario(attendanceSheet),
  defineScenario(cacheMiss(attendanceSheet, { p99Ms: 25 })),
  defineScenario({
    name: 'school-year absence report, 400 students',
    budget: (dialect) => ({ p50Ms: dialect === 'sqlite' ? 300 : 150 }),
    // A report is one person's question; what matters is how long they wait.
    connections: 1,
    request: ({ dataset }) => ({
      path: '/api/v1/attendance/report',
      headers: { cookie: dataset.admin.cookie },
    }),
  }),
  defineScenario({
    name: 'tag scan check-in',
    budget: { p99Ms: 20 },
    // A student of the 60-student group scans the tag of a room where their group has an event now.
    setup: async (ctx) => {
      const admin = { cookie: ctx.dataset.admin.cookie, 'content-type': 'application/json' };
      const roomId = ctx.dataset.roomIds[1]!;
      await fetch(`${ctx.baseUrl}/api/v1/rooms/${roomId}/tag`, {
        method: 'POST',
        headers: admin,
        body: '{}',
      });
      const tag = (await (
        await fetch(`${ctx.baseUrl}/api/v1/rooms/${roomId}/tag`, { headers: admin })
      ).json()) as {
        keyOfTheDay: string;
      };
      const now = Date.now();
      await fetch(`${ctx.baseUrl}/api/v1/calendar/events`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          name: 'Skanning',
          start: new Date(now - 5 * 60_000).toISOString(),
          end: new Date(now + 2 * 60 * 60_000).toISOString(),
          type: 'class',
          mandatory: true,
          roomUsed: roomId,
          groupsAttending: [ctx.dataset.sheetGroupId],
        }),
      });
      const student = await studentLogin(ctx, ctx.dataset.studentIds[0]!);
      return { cookie: student.cookie, body: JSON.stringify({ roomId, key: tag.keyOfTheDay }) };
    },
    request: (_ctx, state: { cookie: string; body: string }) => ({
      path: '/api/v1/attendance/scan',
      method: 'POST',
      headers: { cookie: state.cookie, 'content-type': 'application/json' },
      body: state.body,
    }),
  }),
  defineScenario({
    name: 'batch attendance save (60 students), one teacher',
    budget: { p50Ms: 15 },
    // A save is one teacher's; SQLite has one writer, so fifty saving at once would only queue.
    connections: 1,
    // Two sheets in turn, so that every save changes all 60 records (and audits them).
    request: ({ dataset }) => {
      const sheet = (flip: boolean) => sheetSave(dataset, (index) => (index % 2 === 0) !== flip);
      const headers = { cookie: dataset.admin.cookie, 'content-type': 'application/json' };
      const path = `/api/v1/attendance/events/${dataset.sheetEventId}`;
      return {
        path,
        // The first request (and the check before measuring) is the first sheet.
        method: 'PUT',
        headers,
        body: sheet(true),
        requests: [
          { method: 'PUT', path, headers, body: sheet(true) },
          { method: 'PUT', path, headers, body: sheet(false) },
        ],
      };
    },
  }),
  defineScenario({
    name: 'file list of a 2,000-file folder',
    // The folder is filled once, through the upload route, before the warm-up.
    setup: async (ctx) => ({ folderId: await folderWithFiles(ctx, 2000) }),
    // The first page as the files page asks for it: by name, its default page size.
    request: ({ dataset }, state: { folderId: string }) => ({
      path: `/api/v1/files?folderId=${state.folderId}&sort=name&order=asc&maxResults=${FILE_LIST_MAX_RESULTS_DEFAULT}`,
      headers: { cookie: dataset.admin.cookie },
    }),
  }),
  defineScenario(postFeed),
  defineScenario(cacheMiss(postFeed)),
  defineScenario(foodCountScenario),
  defineScenario(foodCountMissScenario),
];

/** A student with a sign-in, through the admin's one-time password link. */
export async function studentLogin(ctx: BenchContext, studentId: string) {
  const admin = { cookie: ctx.dataset.admin.cookie, 'content-type': 'application/json' };
  const link = await fetch(`${ctx.baseUrl}/api/v1/people/${studentId}/password-link`, {
    method: 'POST',
    headers: admin,
    body: '{}',
  });
  const token = new URL(((await link.json()) as { url: string }).url).searchParams.get('token');
  const password = 'bench-elev-passord-1';
  const set = await fetch(`${ctx.baseUrl}/api/v1/password-links/set`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  const { email } = (await set.json()) as { email: string };
  return login(ctx.baseUrl, { email, password });
}

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
