import { LIVE_ID_HEADER } from '@tun/shared/live-topics';

/**
 * The live floor: the smallest `Tun-Live-Id` of the API answers this page has had. Every change an
 * answer may have missed has a larger id, so the live stream, opened with the floor as its last
 * event id, replays whatever the page's data may lack (docs/decisions/016). Requests under way are
 * counted too: until they are answered, their ids are unknown.
 */

/** Answers restored from the saved cache were fetched before this: they carry no live id. */
export const PAGE_STARTED_AT = Date.now();

let floor: number | undefined;
let sent = 0;
/** The numbers of the requests sent and not yet answered. */
const underWay = new Set<number>();
const listeners = new Set<(answer: { request: number; liveId: number | undefined }) => void>();

function readLiveId(response: Response): number | undefined {
  const raw = response.headers.get(LIVE_ID_HEADER);
  if (raw === null) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

/**
 * Called as an API request goes out; the returned function is called with its answer (or the live
 * id of one the page carried), or with nothing when none came (no data to be stale, then).
 */
export function apiRequestSent(): (response?: Response | { liveId: number | undefined }) => void {
  sent += 1;
  const request = sent;
  underWay.add(request);
  return (response) => {
    if (!underWay.delete(request)) return;
    const liveId = response instanceof Response ? readLiveId(response) : response?.liveId;
    if (liveId !== undefined && (floor === undefined || liveId < floor)) floor = liveId;
    for (const listener of listeners) listener({ request, liveId });
  };
}

/** Undefined until an answer with a live id has come. */
export function liveFloor(): number | undefined {
  return floor;
}

export function apiRequestsUnderWay(): number {
  return underWay.size;
}

/** Hears every answer (and every request that got none). */
export function onApiAnswer(
  listener: (answer: { request: number; liveId: number | undefined }) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `listener` when a request under way now is answered with a live id below `floor`: a stream
 * resuming from the floor does not cover what that answer may have missed. Stops by itself once
 * all of those requests are answered.
 */
export function onLateAnswerBelow(floor: number, listener: () => void): () => void {
  const waiting = new Set(underWay);
  if (waiting.size === 0) return () => {};
  const stop = onApiAnswer(({ request, liveId }) => {
    if (!waiting.delete(request)) return;
    if (liveId !== undefined && liveId < floor) listener();
    if (waiting.size === 0) stop();
  });
  return stop;
}

/** For tests: a page that has fetched nothing. */
export function forgetLiveFloor(): void {
  floor = undefined;
  underWay.clear();
}
