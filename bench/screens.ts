/**
 * Info screens at scale (issue 15): 200 TVs, each paired through the real pairing routes
 * (RFC 8628: start, the admin approves, the TV asks for its session), each holding the live
 * stream open and its screen's content loaded, as a TV does. Then one calendar write: the time
 * until every screen has heard it, and until every screen has fetched content that shows it —
 * what a person in the hallway sees. And the server's resident memory before the screens
 * connect, with all of them connected, and after the rounds.
 */
import { readFileSync } from 'node:fs';
import type { BenchContext } from './scenarios';

export const SCREEN_COUNT = 200;
const ROUNDS = 5;
/** A round that has not reached every screen by then failed. */
const ROUND_TIMEOUT_MS = 30_000;

export interface ScreensMeasurement {
  screens: number;
  rounds: number;
  /** From the write's answer to each screen hearing the calendar topic, over all rounds. */
  heardP50Ms: number;
  heardP99Ms: number;
  /** From the write's answer to each screen holding content with the new event, over all rounds. */
  shownP50Ms: number;
  shownP99Ms: number;
  /** The slowest screen's shown time, per round. */
  lastShownMs: number[];
  rssMB: { before: number; connected: number; after: number };
}

interface Tv {
  cookie: string;
  /** Resolves when this screen hears a calendar message after `since`. */
  waitHeard(since: number): Promise<number>;
  close(): void;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** The server process's resident memory (Linux), in MB. */
function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return response;
}

/** One TV: pairing as the onboarding page does it, approved by the admin as a new screen. */
async function pairTv(ctx: BenchContext, index: number): Promise<string> {
  const { baseUrl } = ctx;
  const json = { 'content-type': 'application/json' };
  const started = await expectStatus(
    await fetch(`${baseUrl}/api/v1/screens/pairing`, { method: 'POST', headers: json, body: '{}' }),
    201,
    'POST /api/v1/screens/pairing',
  );
  const { deviceCode, userCode } = (await started.json()) as { deviceCode: string; userCode: string };
  await expectStatus(
    await fetch(`${baseUrl}/api/v1/screens/pairing/approve`, {
      method: 'POST',
      headers: { ...json, cookie: ctx.dataset.admin.cookie },
      body: JSON.stringify({
        userCode,
        screen: {
          name: `Skjerm ${index + 1}`,
          place: 'Benken',
          layout: { orientation: 'landscape', panels: ['programme', 'posts', 'clock'], roomId: null },
          schedule: null,
        },
      }),
    }),
    200,
    'POST /api/v1/screens/pairing/approve',
  );
  const token = await expectStatus(
    await fetch(`${baseUrl}/api/v1/screens/pairing/token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ deviceCode }),
    }),
    200,
    'POST /api/v1/screens/pairing/token',
  );
  const cookie = token.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0])
    .join('; ');
  if (!cookie.includes('session_token=')) throw new Error('the pairing set no session cookie');
  return cookie;
}

/** The TV's live stream, read as EventSource would, noting when each calendar message arrives. */
async function connect(baseUrl: string, cookie: string): Promise<Tv> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/live`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200 || !response.body)
    throw new Error(`GET /api/v1/live answered ${response.status}`);
  const heard: number[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^data: .*"topic":"calendar"/m.test(block)) {
            heard.push(performance.now());
            for (const wake of waiters) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    cookie,
    waitHeard: (since) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const at = heard.find((time) => time >= since);
          if (at === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(at);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('a screen did not hear the calendar write'));
        }, ROUND_TIMEOUT_MS);
        if (!check()) waiters.add(check);
      }),
    close: () => controller.abort(),
  };
}

async function screenShows(baseUrl: string, cookie: string, eventName: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/v1/screen`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET /api/v1/screen answered ${response.status}`);
  return (await response.text()).includes(eventName);
}

export async function measureScreens(ctx: BenchContext, serverPid: number): Promise<ScreensMeasurement> {
  const { baseUrl } = ctx;
  const before = rssMB(serverPid);
  const cookies: string[] = [];
  // One at a time, as admins pair screens: the figure is the load after, not the pairing.
  for (let index = 0; index < SCREEN_COUNT; index += 1) cookies.push(await pairTv(ctx, index));
  const tvs = await Promise.all(cookies.map((cookie) => connect(baseUrl, cookie)));
  try {
    // Each TV loads its screen once, as the page does when it opens.
    await Promise.all(tvs.map((tv) => screenShows(baseUrl, tv.cookie, '\u0000')));
    const connected = rssMB(serverPid);

    const heard: number[] = [];
    const shown: number[] = [];
    const lastShownMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `Benkemøte ${round + 1} ${Date.now().toString(36)}`;
      // Under way now: today's programme on every screen holds it, whatever the hour.
      const start = Date.now() - 60_000;
      const written = await fetch(`${baseUrl}/api/v1/calendar/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: ctx.dataset.admin.cookie },
        body: JSON.stringify({
          name,
          start: new Date(start).toISOString(),
          end: new Date(start + 10 * 60_000).toISOString(),
          type: 'none',
          mandatory: false,
          groupsAttending: [],
          roomUsed: ctx.dataset.roomIds[0],
        }),
      });
      await expectStatus(written, 201, 'POST /api/v1/calendar/events');
      const answered = performance.now();
      // Each screen, on hearing the topic, fetches its content again, as the page does.
      const times = await Promise.all(
        tvs.map(async (tv) => {
          const at = await tv.waitHeard(answered - 1);
          if (!(await screenShows(baseUrl, tv.cookie, name))) {
            throw new Error('a screen fetched content without the new event');
          }
          return { heard: at - answered, shown: performance.now() - answered };
        }),
      );
      for (const time of times) {
        heard.push(Math.max(0, time.heard));
        shown.push(time.shown);
      }
      lastShownMs.push(Math.max(...times.map((time) => time.shown)));
    }
    return {
      screens: SCREEN_COUNT,
      rounds: ROUNDS,
      heardP50Ms: quantile(heard, 0.5),
      heardP99Ms: quantile(heard, 0.99),
      shownP50Ms: quantile(shown, 0.5),
      shownP99Ms: quantile(shown, 0.99),
      lastShownMs,
      rssMB: { before, connected, after: rssMB(serverPid) },
    };
  } finally {
    for (const tv of tvs) tv.close();
  }
}
