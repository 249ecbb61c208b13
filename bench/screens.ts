/**
 * Info screens at scale (issue 15): 200 TVs, each paired through the real pairing routes
 * (RFC 8628: start, the admin approves, the TV asks for its session), each holding the live
 * stream open and its screen's content loaded, as a TV does. Then one calendar write: the time
 * until every screen has heard it, and until every screen has fetched content that shows it —
 * what a person in the hallway sees. And the server's resident memory before the screens
 * connect, with all of them connected, and after the rounds.
 */
import { expectStatus, openLiveStream, pairScreen, quantile, rssMB } from './live-stream';
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
  for (let index = 0; index < SCREEN_COUNT; index += 1) {
    cookies.push(
      await pairScreen(baseUrl, ctx.dataset.admin.cookie, { name: `Skjerm ${index + 1}`, place: 'Benken' }),
    );
  }
  const tvs = await Promise.all(
    cookies.map(async (cookie) => ({ cookie, stream: await openLiveStream(baseUrl, cookie) })),
  );
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
      const sent = performance.now();
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
      // Each screen, on hearing the topic, fetches its content again, as the page does. The change
      // can reach a stream before the write's answer reaches the writer (on PostgreSQL it comes by
      // NOTIFY, on a connection of its own): heard then counts as 0.
      const times = await Promise.all(
        tvs.map(async (tv) => {
          const at = await tv.stream.heardCalendar(sent, ROUND_TIMEOUT_MS);
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
    for (const tv of tvs) tv.stream.close();
  }
}
