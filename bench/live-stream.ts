/**
 * What the live-stream benches share (screens.ts, streams.ts, rush.ts): a stream read as
 * EventSource reads it, a TV paired as the onboarding page pairs one, and the server's memory.
 */
import { readFileSync } from 'node:fs';

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The server process's resident memory (Linux), in MB. */
export function rssMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

export interface LiveStream {
  /**
   * Resolves with the first time at or after `since` that this stream heard a calendar change;
   * fails after `timeoutMs`.
   */
  heardCalendar(since: number, timeoutMs: number): Promise<number>;
  /** Why the stream ended before it was closed, if it did. */
  ended(): string | undefined;
  close(): void;
}

/** Opens `/api/v1/live`; `onMessage` is called once per message (not comments or keep-alives). */
export async function openLiveStream(
  baseUrl: string,
  cookie: string,
  onMessage: (block: string) => void = () => {},
): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/live`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    controller.abort();
    throw new Error(`GET /api/v1/live answered ${response.status}`);
  }
  const calendarArrivals: number[] = [];
  const waiters = new Set<() => void>();
  let closed = false;
  let endedEarly: string | undefined;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^data: /m.test(block)) continue;
          onMessage(block);
          if (/^data: .*"topic":"calendar"/m.test(block)) {
            calendarArrivals.push(performance.now());
            for (const wake of waiters) wake();
          }
        }
      }
      if (!closed) endedEarly = 'the server ended the stream';
    } catch (error) {
      // Aborted at the end, or the stream broke: a waiting round then times out.
      if (!closed) endedEarly = String(error);
    }
  })();
  return {
    heardCalendar: (since, timeoutMs) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const at = calendarArrivals.find((time) => time >= since);
          if (at === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(at);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const why = endedEarly ? ` (the stream had ended: ${endedEarly})` : ' (the stream was open)';
          reject(new Error(`a stream did not hear the calendar write within ${timeoutMs} ms${why}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    ended: () => endedEarly,
    close: () => {
      closed = true;
      controller.abort();
    },
  };
}

/** The response, or an error naming the request when its status is another. */
export async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return response;
}

/** A TV paired as the onboarding page does it, approved by the admin as a new screen: its cookie. */
export async function pairScreen(
  baseUrl: string,
  adminCookie: string,
  screen: { name: string; place: string },
): Promise<string> {
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
      headers: { ...json, cookie: adminCookie },
      body: JSON.stringify({
        userCode,
        screen: {
          ...screen,
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
