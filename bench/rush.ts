/**
 * The morning rush of PERFORMANCE.md: one school, everything at once for a minute.
 *
 * - 40 teachers, each with their own event now for a group of 60 students, save the whole
 *   sheet every 30 s (first save at a random moment of the first 30 s), and read the sheet
 *   back as soon as the save answers, as the web app does after a save.
 * - 400 students each open the dashboard once and the calendar week once, each at its own
 *   random moment of the run: the dashboard's calls (those the composed dashboard page makes
 *   for a student: session, next events, latest posts, own attendance, this week's menu, and
 *   school/supervision when the session grants them) go out together, as a browser sends them.
 * - 200 scans a minute, evenly spaced, each by another student of a 200-student group with an
 *   event now in the tagged room.
 * - 400 live streams (one per student) and 20 paired info screens listen throughout; a screen
 *   fetches its content again on every message it hears, one fetch at a time, as a TV does.
 *
 * Open loop: every request has a planned time, fixed before the run, and its latency is taken
 * from that planned time to the end of its body, so a server (or a bench process) that falls
 * behind shows up in the figures instead of slowing the schedule. A sheet read is planned when
 * its save answers. Every answer's status is checked: anything else is a failure.
 *
 * Sessions: one account per person, all with the same password hash (the server's own, made
 * once through the password link, as the demo seed shares one hash), then a real sign-in per
 * person before the run, four at a time: scrypt is the cost, and it is paid once per person.
 *
 * PostgreSQL runs two server instances on the same database behind one port (round-robin per
 * connection, bench/round-robin.ts); its budget is 1.5× SQLite's (75 ms reads, 150 ms saves), and
 * the ratio column shows its p99 over SQLite's for the same kind in the same run.
 */
import { mondayOf, todayInSchoolZone } from '@tun/shared';
import { createCredentialAccount } from '../apps/server/src/auth/accounts';
import { openDatabase } from '../apps/server/src/db/database';
import { login } from './dataset';
import { expectStatus, openLiveStream, pairScreen } from './live-stream';
import { failedRow, format, missedLimits, type Row } from './report';
import { startRoundRobin } from './round-robin';
import type { BenchContext, Budget } from './scenarios';
import { startServer } from './server';
import { seededRandom } from '../apps/server/src/demo/generate-attendance';

export const RUSH_SCENARIO = 'morning rush';

const TEACHERS = 40;
const SHEET_STUDENTS = 60;
const SAVE_EVERY_MS = 30_000;
const SCANS_PER_MINUTE = 200;
const SCAN_GROUP = 200;
const SCREENS = 20;
const FULL_RUN_SECONDS = 60;
const SIGN_IN_CONCURRENCY = 4;
const PASSWORD = 'bench-rush-passord-1';
const READ_BUDGET: Budget = { p99Ms: 50 };
const SAVE_BUDGET: Budget = { p99Ms: 100 };
/** PostgreSQL with two instances: 1.5× the SQLite budget; the ratio column holds its p99 over SQLite's of the run. */
const POSTGRES_FACTOR = 1.5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The dashboard's next-events window starts at now rounded down to five minutes. */
const NEXT_EVENTS_STEP_MS = 5 * 60 * 1000;
const POST_DASHBOARD_COUNT = 3;

type Kind =
  | 'sheet save'
  | 'sheet read'
  | 'week'
  | 'dashboard: session'
  | 'dashboard: next events'
  | 'dashboard: latest posts'
  | 'dashboard: my attendance'
  | 'dashboard: menu'
  | 'dashboard: school'
  | 'dashboard: supervision'
  | 'scan'
  | 'screen content';

export interface RushKindFigures {
  kind: Kind;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
}

export interface RushMeasurement {
  instances: number;
  seconds: number;
  kinds: RushKindFigures[];
  /** The first few failures, as method, path and status. */
  failures: string[];
  /** Largest delay between a planned time and the request leaving the bench process. */
  maxSendLagMs: number;
  liveStreams: number;
  screens: number;
  /** Messages the student streams and the screens heard during the run. */
  studentMessagesHeard: number;
  screenMessagesHeard: number;
  /** p99 of the delay between a planned time and the request leaving the bench process. */
  sendLagP99Ms: number;
  setupSeconds: number;
  signInSeconds: number;
}

/** The SQLite figures of this run, which the PostgreSQL budget is relative to. */
let sqliteFigures: Map<Kind, RushKindFigures> | undefined;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Runs `work` over the items, at most `limit` at a time. */
async function bounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Person {
  id: string;
  email: string;
}

/**
 * Accounts for every staff member and student, and the teacher role for every staff member
 * (the large school has 40 staff, of whom about half teach). One person gets theirs through
 * the password link, so the shared hash is the server's own.
 */
async function prepareAccounts(ctx: BenchContext): Promise<{ staff: Person[]; students: Person[] }> {
  const { baseUrl, dataset } = ctx;
  const admin = { cookie: dataset.admin.cookie, 'content-type': 'application/json' };
  const first = dataset.studentIds[0]!;
  const link = await expectStatus(
    await fetch(`${baseUrl}/api/v1/people/${first}/password-link`, {
      method: 'POST',
      headers: admin,
      body: '{}',
    }),
    201,
    'POST /api/v1/people/:id/password-link',
  );
  const linkBody = (await link.json()) as { url: string };
  const token = new URL(linkBody.url).searchParams.get('token');
  await expectStatus(
    await fetch(`${baseUrl}/api/v1/password-links/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: PASSWORD }),
    }),
    200,
    'POST /api/v1/password-links/set',
  );

  const { database } = ctx;
  const opened = openDatabase(
    database.dialect === 'postgres'
      ? { databaseUrl: database.location, dataDir: '' }
      : { dataDir: database.location },
  );
  try {
    const { db } = opened;
    const hashRow = await db
      .selectFrom('person')
      .innerJoin('account', 'account.userId', 'person.user_id')
      .select('account.password')
      .where('person.id', '=', first)
      .where('account.providerId', '=', 'credential')
      .executeTakeFirstOrThrow();
    const passwordHash = hashRow.password;
    if (!passwordHash) throw new Error('the password link left no password hash');
    const rows = await db
      .selectFrom('person')
      .select(['id', 'email', 'first_name', 'last_name', 'user_id'])
      .where('school_id', '=', dataset.schoolId)
      .execute();
    const staffIds = new Set(
      (
        await db
          .selectFrom('person_role')
          .select('person_id')
          .where('school_id', '=', dataset.schoolId)
          .where('role', 'in', ['teacher', 'janitor', 'kitchen', 'stipp'])
          .execute()
      ).map((row) => row.person_id),
    );
    staffIds.delete(dataset.admin.personId);
    const teachers = new Set(
      (
        await db
          .selectFrom('person_role')
          .select('person_id')
          .where('school_id', '=', dataset.schoolId)
          .where('role', '=', 'teacher')
          .execute()
      ).map((row) => row.person_id),
    );
    const studentIds = new Set(dataset.studentIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      for (const row of rows) {
        if (!row.email || !(staffIds.has(row.id) || studentIds.has(row.id))) continue;
        if (row.user_id !== null) {
          // Signed in by an earlier scenario with a password of its own: the rush's password now.
          await trx
            .updateTable('account')
            .set({ password: passwordHash })
            .where('userId', '=', row.user_id)
            .where('providerId', '=', 'credential')
            .execute();
          continue;
        }
        const userId = await createCredentialAccount(trx, database.dialect, {
          email: row.email,
          name: `${row.first_name} ${row.last_name}`,
          passwordHash,
        });
        await trx
          .updateTable('person')
          .set({ user_id: userId, updated_at: now })
          .where('id', '=', row.id)
          .execute();
      }
      const newTeachers = [...staffIds].filter((id) => !teachers.has(id));
      if (newTeachers.length > 0) {
        await trx
          .insertInto('person_role')
          .values(
            newTeachers.map((id) => ({
              person_id: id,
              school_id: dataset.schoolId,
              role: 'teacher' as const,
            })),
          )
          .execute();
      }
    });
    const person = (id: string): Person => ({ id, email: byId.get(id)!.email! });
    return { staff: [...staffIds].map(person), students: dataset.studentIds.map(person) };
  } finally {
    await opened.close();
  }
}

async function createGroup(ctx: BenchContext, name: string, members: string[]): Promise<string> {
  const response = await expectStatus(
    await fetch(`${ctx.baseUrl}/api/v1/groups`, {
      method: 'POST',
      headers: { cookie: ctx.dataset.admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name, members }),
    }),
    201,
    'POST /api/v1/groups',
  );
  return ((await response.json()) as { id: string }).id;
}

/** An event under way now (from five minutes ago for 85 minutes) for the group, in the room. */
async function createEventNow(
  ctx: BenchContext,
  name: string,
  groupId: string,
  roomId: string,
): Promise<string> {
  const now = Date.now();
  const response = await expectStatus(
    await fetch(`${ctx.baseUrl}/api/v1/calendar/events`, {
      method: 'POST',
      headers: { cookie: ctx.dataset.admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        start: new Date(now - 5 * 60_000).toISOString(),
        end: new Date(now + 80 * 60_000).toISOString(),
        type: 'class',
        mandatory: true,
        roomUsed: roomId,
        groupsAttending: [groupId],
      }),
    }),
    201,
    'POST /api/v1/calendar/events',
  );
  return ((await response.json()) as { id: string }).id;
}

/** One planned request: when, and what; `then` plans what follows its answer. */
interface Planned {
  at: number;
  kind: Kind;
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  cookie: string;
  body?: string;
  then?: () => void;
}

/** A week from Monday, as the calendar page asks for a student's own week. */
function weekPath(personId: string): string {
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const end = new Date(monday.getTime() + 7 * DAY_MS);
  return `/api/v1/calendar?from=${monday.toISOString()}&to=${end.toISOString()}&person=${personId}`;
}

/** What the composed dashboard page requests for this session, by the same rules as its cards. */
function dashboardCalls(
  session: { actions: string[]; ownActions: string[]; features: string[]; user: { id: string } },
  now: number,
): { kind: Kind; path: string }[] {
  const can = (action: string) => session.actions.includes(action);
  const canOwn = (action: string) => can(action) || session.ownActions.includes(action);
  const on = (feature: string) => session.features.includes(feature);
  const windowStart = now - (now % NEXT_EVENTS_STEP_MS);
  const calls: { kind: Kind; path: string }[] = [{ kind: 'dashboard: session', path: '/api/v1/session' }];
  if (can('schoolInfo:view')) calls.push({ kind: 'dashboard: school', path: '/api/v1/school' });
  if (can('calendar:view')) {
    const params = new URLSearchParams({
      from: new Date(windowStart).toISOString(),
      to: new Date(windowStart + 7 * DAY_MS).toISOString(),
      person: session.user.id,
    });
    calls.push({ kind: 'dashboard: next events', path: `/api/v1/calendar?${params.toString()}` });
  }
  if (on('posts') && can('posts:view')) {
    calls.push({ kind: 'dashboard: latest posts', path: `/api/v1/posts?limit=${POST_DASHBOARD_COUNT}` });
  }
  if (on('attendance') && canOwn('absence:view') && !can('absence:view')) {
    calls.push({ kind: 'dashboard: my attendance', path: '/api/v1/attendance/me/summary' });
  }
  if (on('supervision') && can('schoolInfo:view')) {
    calls.push({ kind: 'dashboard: supervision', path: '/api/v1/supervision' });
  }
  if (on('foodPlan')) {
    calls.push({ kind: 'dashboard: menu', path: `/api/v1/food/menu?week=${mondayOf(todayInSchoolZone())}` });
  }
  return calls;
}

/** The rush's length: a minute, or six times a short `--duration` for quick checks. */
export function rushSeconds(durationSeconds: number): number {
  return Math.min(FULL_RUN_SECONDS, durationSeconds * 6);
}

/**
 * The rush on `baseUrls` (one instance, or a round-robin port in front of several), set up
 * through `ctx.baseUrl`.
 */
export async function measureRush(
  ctx: BenchContext,
  baseUrl: string,
  instances: number,
  seconds: number,
): Promise<RushMeasurement> {
  const setupStarted = performance.now();
  const { dataset } = ctx;
  const { staff, students } = await prepareAccounts(ctx);
  if (staff.length < TEACHERS) throw new Error(`only ${staff.length} staff to teach, ${TEACHERS} needed`);
  if (students.length < SCAN_GROUP) throw new Error(`only ${students.length} students`);

  // Each teacher's own group of 60 (slices of the 400, wrapping round) and event now, each in a room of its own.
  const teachers = staff.slice(0, TEACHERS);
  const sheets: { eventId: string; members: string[] }[] = [];
  for (let index = 0; index < TEACHERS; index += 1) {
    const members = Array.from(
      { length: SHEET_STUDENTS },
      (_, offset) => students[(index * SHEET_STUDENTS + offset) % students.length]!.id,
    );
    const groupId = await createGroup(ctx, `Morgenøkt ${index + 1}`, members);
    const roomId = dataset.roomIds[2 + index]!;
    sheets.push({ eventId: await createEventNow(ctx, `Morgenøkt ${index + 1}`, groupId, roomId), members });
  }
  // The scanners: 200 students with an event now in a tagged room.
  const scanRoomId = dataset.roomIds[dataset.roomIds.length - 1]!;
  const admin = { cookie: dataset.admin.cookie, 'content-type': 'application/json' };
  const tagged = await fetch(`${ctx.baseUrl}/api/v1/rooms/${scanRoomId}/tag`, {
    method: 'POST',
    headers: admin,
    body: '{}',
  });
  if (tagged.status !== 200 && tagged.status !== 201)
    await expectStatus(tagged, 201, 'POST /api/v1/rooms/:id/tag');
  const tag = (await (
    await expectStatus(
      await fetch(`${ctx.baseUrl}/api/v1/rooms/${scanRoomId}/tag`, { headers: admin }),
      200,
      'GET /api/v1/rooms/:id/tag',
    )
  ).json()) as { keyOfTheDay: string };
  const scanners = students.slice(students.length - SCAN_GROUP);
  const scanGroupId = await createGroup(
    ctx,
    'Allmøte',
    scanners.map((student) => student.id),
  );
  await createEventNow(ctx, 'Allmøte', scanGroupId, scanRoomId);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const signInStarted = performance.now();
  const cookies = new Map<string, string>();
  await bounded([...teachers, ...students], SIGN_IN_CONCURRENCY, async (person) => {
    const account = await login(baseUrl, { email: person.email, password: PASSWORD });
    cookies.set(person.id, account.cookie);
  });
  const screenCookies: string[] = [];
  for (let index = 0; index < SCREENS; index += 1)
    screenCookies.push(
      await pairScreen(baseUrl, ctx.dataset.admin.cookie, {
        name: `Rushskjerm ${index + 1}`,
        place: 'Gangen',
      }),
    );
  const signInSeconds = (performance.now() - signInStarted) / 1000;

  // What the dashboard asks for a student, from one student's session (all students have the same grants).
  const sessionResponse = await expectStatus(
    await fetch(`${baseUrl}/api/v1/session`, { headers: { cookie: cookies.get(students[0]!.id)! } }),
    200,
    'GET /api/v1/session',
  );
  const sessionShape = (await sessionResponse.json()) as {
    actions: string[];
    ownActions: string[];
    features: string[];
  };

  const latencies = new Map<Kind, number[]>();
  const failed = new Map<Kind, number>();
  const failures: string[] = [];
  let maxSendLagMs = 0;
  let studentMessagesHeard = 0;
  let screenMessagesHeard = 0;
  const sendLags: number[] = [];

  const record = (kind: Kind, ms: number) => {
    let list = latencies.get(kind);
    if (!list) latencies.set(kind, (list = []));
    list.push(ms);
  };
  const fail = (kind: Kind, what: string) => {
    failed.set(kind, (failed.get(kind) ?? 0) + 1);
    if (failures.length < 10) failures.push(`${kind}: ${what}`);
  };

  const send = async (planned: Planned): Promise<void> => {
    const lag = performance.now() - planned.at;
    maxSendLagMs = Math.max(maxSendLagMs, lag);
    sendLags.push(lag);
    try {
      const response = await fetch(`${baseUrl}${planned.path}`, {
        method: planned.method,
        headers: {
          cookie: planned.cookie,
          ...(planned.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: planned.body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) {
        fail(planned.kind, `${planned.method} ${planned.path.split('?')[0]} answered ${response.status}`);
        return;
      }
      // Every planned request counts, however late it answers: leaving the slowest out would hide them.
      record(planned.kind, performance.now() - planned.at);
      planned.then?.();
    } catch (error) {
      fail(planned.kind, `${planned.method} ${planned.path.split('?')[0]}: ${String(error)}`);
    }
  };

  // Live streams: one per student, one per screen; each screen refetches its content on every
  // message, one fetch at a time, and once more if a message came while it fetched.
  const inFlight = new Set<Promise<void>>();
  let startedAt = Number.POSITIVE_INFINITY;
  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };
  const streams = await bounded(students, 50, (student) =>
    openLiveStream(baseUrl, cookies.get(student.id)!, () => {
      if (performance.now() >= startedAt) studentMessagesHeard += 1;
    }),
  );
  const screenStreams = await Promise.all(
    screenCookies.map((cookie) => {
      let fetching = false;
      let again = false;
      const refetch = () => {
        if (performance.now() < startedAt) return;
        if (fetching) {
          again = true;
          return;
        }
        fetching = true;
        const planned: Planned = {
          at: performance.now(),
          kind: 'screen content',
          method: 'GET',
          path: '/api/v1/screen',
          cookie,
        };
        track(
          send(planned).finally(() => {
            fetching = false;
            if (again) {
              again = false;
              refetch();
            }
          }),
        );
      };
      return openLiveStream(baseUrl, cookie, () => {
        if (performance.now() >= startedAt) screenMessagesHeard += 1;
        refetch();
      });
    }),
  );

  // The schedule, fixed before the run starts.
  const next = seededRandom(19);
  const durationMs = seconds * 1000;
  const plan: { offsetMs: number; make: (at: number) => Planned }[] = [];
  teachers.forEach((teacher, index) => {
    const sheet = sheets[index]!;
    const cookie = cookies.get(teacher.id)!;
    const path = `/api/v1/attendance/events/${sheet.eventId}`;
    const phase = next() * SAVE_EVERY_MS;
    for (let offset = phase, round = 0; offset < durationMs; offset += SAVE_EVERY_MS, round += 1) {
      const body = JSON.stringify({
        records: sheet.members.map((studentId, position) => ({
          studentId,
          manualStatus: (position + round) % 2 === 0 ? 'attending' : 'notAttending',
          note: null,
        })),
      });
      plan.push({
        offsetMs: offset,
        make: (at) => ({
          at,
          kind: 'sheet save',
          method: 'PUT',
          path,
          cookie,
          body,
          then: () => track(send({ at: performance.now(), kind: 'sheet read', method: 'GET', path, cookie })),
        }),
      });
    }
  });
  const dashboardNow = Date.now();
  for (const student of students) {
    const cookie = cookies.get(student.id)!;
    const calls = dashboardCalls({ ...sessionShape, user: { id: student.id } }, dashboardNow);
    const dashboardAt = next() * durationMs;
    for (const call of calls) {
      plan.push({
        offsetMs: dashboardAt,
        make: (at) => ({ at, kind: call.kind, method: 'GET', path: call.path, cookie }),
      });
    }
    const weekAt = next() * durationMs;
    plan.push({
      offsetMs: weekAt,
      make: (at) => ({ at, kind: 'week', method: 'GET', path: weekPath(student.id), cookie }),
    });
  }
  const scanEveryMs = 60_000 / SCANS_PER_MINUTE;
  const scanBody = (roomKey: string) => JSON.stringify({ roomId: scanRoomId, key: roomKey });
  for (let offset = 0, index = 0; offset < durationMs; offset += scanEveryMs, index += 1) {
    const scanner = scanners[index % scanners.length]!;
    const cookie = cookies.get(scanner.id)!;
    plan.push({
      offsetMs: offset,
      make: (at) => ({
        at,
        kind: 'scan',
        method: 'POST',
        path: '/api/v1/attendance/scan',
        cookie,
        body: scanBody(tag.keyOfTheDay),
      }),
    });
  }
  plan.sort((a, b) => a.offsetMs - b.offsetMs);

  // One timer walks the schedule, so thousands of timers do not crowd the bench's own event loop.
  startedAt = performance.now() + 100;
  await new Promise<void>((resolve) => {
    let position = 0;
    const tick = () => {
      const now = performance.now();
      while (position < plan.length && startedAt + plan[position]!.offsetMs <= now) {
        const item = plan[position]!;
        position += 1;
        track(send(item.make(startedAt + item.offsetMs)));
      }
      if (position >= plan.length) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, startedAt + plan[position]!.offsetMs - performance.now()));
    };
    setTimeout(tick, 100);
  });
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  const measuredSeconds = (performance.now() - startedAt) / 1000;

  const broken = [...streams, ...screenStreams].map((stream) => stream.ended()).filter(Boolean);
  for (const stream of [...streams, ...screenStreams]) stream.close();
  if (broken.length > 0) failures.push(`${broken.length} live stream(s) ended early: ${broken[0]}`);

  const kinds: RushKindFigures[] = [...new Set<Kind>([...latencies.keys(), ...failed.keys()])].map((kind) => {
    const sorted = [...(latencies.get(kind) ?? [])].sort((a, b) => a - b);
    return {
      kind,
      count: sorted.length,
      p50Ms: quantile(sorted, 0.5),
      p99Ms: quantile(sorted, 0.99),
      maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
      failures: failed.get(kind) ?? 0,
    };
  });
  return {
    instances,
    seconds: measuredSeconds,
    kinds,
    failures,
    maxSendLagMs,
    liveStreams: streams.length,
    screens: screenStreams.length,
    studentMessagesHeard,
    screenMessagesHeard,
    sendLagP99Ms: quantile(
      sendLags.sort((a, b) => a - b),
      0.99,
    ),
    setupSeconds,
    signInSeconds,
  };
}

/** The rush as rows: one per request kind, the note on the first. */
export async function rushRows(
  ctx: BenchContext,
  durationSeconds: number,
  registerCleanup: (label: string, stop: () => Promise<void>) => () => Promise<void>,
): Promise<{ rows: Row[]; measurement?: RushMeasurement }> {
  const seconds = rushSeconds(durationSeconds);
  const scenario = `${RUSH_SCENARIO}, ${seconds} s`;
  try {
    let baseUrl = ctx.baseUrl;
    let instances = 1;
    const stops: (() => Promise<void>)[] = [];
    if (ctx.dialect === 'postgres') {
      // A second instance on the same database, and one port in front of both.
      const second = await startServer(ctx.database);
      stops.push(registerCleanup(`stop the second postgres server (pid ${second.pid})`, second.stop));
      const proxy = await startRoundRobin([ctx.baseUrl, second.url]);
      stops.push(registerCleanup('stop the round-robin port', proxy.close));
      baseUrl = proxy.url;
      instances = 2;
    }
    let measurement: RushMeasurement;
    try {
      measurement = await measureRush(ctx, baseUrl, instances, seconds);
    } finally {
      for (const stop of stops.reverse()) await stop();
    }
    if (ctx.dialect === 'sqlite') sqliteFigures = new Map(measurement.kinds.map((kind) => [kind.kind, kind]));
    const rows = measurement.kinds.map((figures): Row => {
      const own = figures.kind === 'sheet save' ? SAVE_BUDGET : READ_BUDGET;
      const reference = sqliteFigures?.get(figures.kind);
      const budget: Budget = ctx.dialect === 'postgres' ? { p99Ms: POSTGRES_FACTOR * own.p99Ms! } : own;
      // Beside it, PostgreSQL's p99 over SQLite's for the same kind in the same run.
      const ratio =
        ctx.dialect === 'postgres' && reference && reference.p99Ms > 0
          ? figures.p99Ms / reference.p99Ms
          : null;
      const name = `${scenario}: ${figures.kind} (${figures.count})`;
      const budgetText =
        ctx.dialect === 'postgres'
          ? `p99 ≤ ${format(budget.p99Ms!)} ms (1.5× SQLite's)`
          : `p99 ≤ ${own.p99Ms} ms`;
      if (figures.failures > 0 || figures.count === 0) {
        return {
          scenario: name,
          p50Ms: figures.count > 0 ? figures.p50Ms : null,
          p99Ms: figures.count > 0 ? figures.p99Ms : null,
          requestsPerSecond: figures.count / measurement.seconds,
          ratio,
          budget: budgetText,
          verdict: 'FAIL',
          missed: [],
          error: `${figures.failures} failed`,
        };
      }
      const missed = missedLimits(budget, { p50Ms: figures.p50Ms, p99Ms: figures.p99Ms, ratio: null });
      return {
        scenario: name,
        p50Ms: figures.p50Ms,
        p99Ms: figures.p99Ms,
        requestsPerSecond: figures.count / measurement.seconds,
        ratio,
        budget: budgetText,
        verdict: missed.length > 0 ? 'MISS' : 'OK',
        missed,
      };
    });
    const order = (row: Row) => row.scenario;
    rows.sort((a, b) => order(a).localeCompare(order(b)));
    const first = rows[0];
    if (first) {
      first.note =
        `${measurement.instances} instance(s); latency from the planned time to the last byte; ` +
        `${measurement.liveStreams} student live streams and ${measurement.screens} screens connected, ` +
        `messages heard during the run: ${measurement.studentMessagesHeard} by students, ${measurement.screenMessagesHeard} by ` +
        `screens (a screen refetches on each); send lag (bench process behind its plan) p99 ` +
        `${format(measurement.sendLagP99Ms)} ms, max ${format(measurement.maxSendLagMs)} ms; ` +
        `setup ${format(measurement.setupSeconds)} s, ${TEACHERS + ctx.dataset.studentIds.length} sign-ins and pairing ` +
        `${format(measurement.signInSeconds)} s`;
    }
    if (measurement.failures.length > 0) {
      rows.push({
        scenario: `${scenario}: failures`,
        p50Ms: null,
        p99Ms: null,
        requestsPerSecond: null,
        ratio: null,
        budget: 'none',
        verdict: 'FAIL',
        missed: [],
        error: measurement.failures.join('; '),
      });
    }
    return { rows, measurement };
  } catch (error) {
    return {
      rows: [failedRow(scenario, 'reads p99 ≤ 50 ms, saves p99 ≤ 100 ms', error)],
    };
  }
}
