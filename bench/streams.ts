/**
 * Live updates at scale (PERFORMANCE.md: «one write reaching 1,000 SSE subscribers»): 1,000
 * browser tabs holding GET /api/v1/live open, then calendar writes by the admin: the time from
 * each write being sent until every stream has the change, and the server's resident memory before
 * the streams connect, with all of them connected, and after the rounds.
 *
 * The streams share a few sign-ins (the admin and some students, as people keep several tabs and
 * devices open): the server sets no limit on streams per session, and each stream costs it the
 * same (its own subscription, heartbeat and session check) whichever session it belongs to.
 */
import { openLiveStream, quantile, rssMB, type LiveStream } from './live-stream';
import { describeBudget, failedRow, format, missedLimits, type Row } from './report';
import { studentLogin, type BenchContext } from './scenarios';

export const STREAM_COUNT = 1000;
export const STREAMS_SCENARIO = `${STREAM_COUNT} live streams, one calendar write`;
export const STREAMS_BUDGET = { p99Ms: 150 };
export const STREAMS_RSS_BUDGET_MB = 300;
const ROUNDS = 5;
/** Students signed in besides the admin; their tabs are most of the streams, as in a school. */
const STUDENT_SESSIONS = 3;
/** Streams opened at once: a thousand in one go would measure the connect storm, not delivery. */
const CONNECT_BATCH = 100;
/** A round that has not reached every stream by then failed. */
const ROUND_TIMEOUT_MS = 30_000;

export interface StreamsMeasurement {
  streams: number;
  sessions: number;
  rounds: number;
  /**
   * From each write being sent to each stream having the change, over all rounds. Not from its
   * answer: a change can reach every stream before the answer reaches the writer (PostgreSQL's
   * notification often does), and every figure would then be 0.
   */
  p50Ms: number;
  p99Ms: number;
  /** The slowest stream per round. */
  lastMs: number[];
  /** How long each round's write took to answer. */
  writeMs: number[];
  rssMB: { before: number; connected: number; after: number };
}

export async function measureStreams(ctx: BenchContext, serverPid: number): Promise<StreamsMeasurement> {
  const { baseUrl, dataset } = ctx;
  const cookies = [dataset.admin.cookie];
  for (const studentId of dataset.studentIds.slice(100, 100 + STUDENT_SESSIONS)) {
    cookies.push((await studentLogin(ctx, studentId)).cookie);
  }
  const before = rssMB(serverPid);
  const streams: LiveStream[] = [];
  try {
    while (streams.length < STREAM_COUNT) {
      const batch = Math.min(CONNECT_BATCH, STREAM_COUNT - streams.length);
      const offset = streams.length;
      const opened = await Promise.allSettled(
        Array.from({ length: batch }, (_, i) =>
          openLiveStream(baseUrl, cookies[(offset + i) % cookies.length]!),
        ),
      );
      // The ones that did open are closed in `finally` too.
      for (const result of opened) if (result.status === 'fulfilled') streams.push(result.value);
      const refused = opened.find((result) => result.status === 'rejected');
      if (refused) throw refused.reason;
    }
    const connected = rssMB(serverPid);

    const delays: number[] = [];
    const lastMs: number[] = [];
    const writeMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = Date.now() + (round + 1) * 60 * 60_000;
      const sent = performance.now();
      const written = await fetch(`${baseUrl}/api/v1/calendar/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: dataset.admin.cookie },
        body: JSON.stringify({
          name: `Allmøte ${round + 1}`,
          start: new Date(start).toISOString(),
          end: new Date(start + 30 * 60_000).toISOString(),
          type: 'none',
          mandatory: false,
          groupsAttending: [],
          roomUsed: dataset.roomIds[0],
        }),
      });
      if (written.status !== 201) {
        throw new Error(`POST /api/v1/calendar/events answered ${written.status}: ${await written.text()}`);
      }
      writeMs.push(performance.now() - sent);
      const times = await Promise.all(streams.map((stream) => stream.heardCalendar(sent, ROUND_TIMEOUT_MS)));
      const roundDelays = times.map((at) => at - sent);
      delays.push(...roundDelays);
      lastMs.push(Math.max(...roundDelays));
    }
    return {
      streams: STREAM_COUNT,
      sessions: cookies.length,
      rounds: ROUNDS,
      p50Ms: quantile(delays, 0.5),
      p99Ms: quantile(delays, 0.99),
      lastMs,
      writeMs,
      rssMB: { before, connected, after: rssMB(serverPid) },
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}

/** The row: delivery p50 and p99 against the budget, and the server's memory with the streams open. */
export async function streamsRow(
  ctx: BenchContext,
  serverPid: number,
): Promise<{ row: Row; measured?: StreamsMeasurement }> {
  const budget = `${describeBudget(STREAMS_BUDGET)}, RSS ≤ ${STREAMS_RSS_BUDGET_MB} MB`;
  try {
    const measured = await measureStreams(ctx, serverPid);
    const missed = missedLimits(STREAMS_BUDGET, {
      p50Ms: measured.p50Ms,
      p99Ms: measured.p99Ms,
      ratio: null,
    });
    if (measured.rssMB.connected > STREAMS_RSS_BUDGET_MB) {
      missed.push(`RSS ${format(measured.rssMB.connected)} MB > ${STREAMS_RSS_BUDGET_MB} MB`);
    }
    return {
      measured,
      row: {
        scenario: `${STREAMS_SCENARIO} (${measured.rounds} rounds)`,
        p50Ms: measured.p50Ms,
        p99Ms: measured.p99Ms,
        requestsPerSecond: null,
        ratio: null,
        budget,
        verdict: missed.length > 0 ? 'MISS' : 'OK',
        missed,
        note:
          `from the write being sent to each stream having the change; ${measured.streams} streams on ` +
          `${measured.sessions} sign-ins; slowest stream per round ${measured.lastMs.map((ms) => format(ms)).join(', ')} ms; ` +
          `the write answered in ${measured.writeMs.map((ms) => format(ms)).join(', ')} ms; ` +
          `server RSS ${format(measured.rssMB.before)} MB before, ${format(measured.rssMB.connected)} MB connected, ` +
          `${format(measured.rssMB.after)} MB after`,
      },
    };
  } catch (error) {
    return { row: failedRow(STREAMS_SCENARIO, budget, error) };
  }
}
