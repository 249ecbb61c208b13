import type { QueryClient } from '@tanstack/react-query';
import {
  LIVE_EVENT,
  LIVE_RESET_EVENT,
  LIVE_TOPICS,
  type LiveMessage,
  type LiveTopic,
} from '@tun/shared/live-topics';
import {
  apiRequestsUnderWay,
  liveFloor,
  onApiAnswer,
  onLateAnswerBelow,
  PAGE_STARTED_AT,
} from './live-floor';
import { dropPageAnswers } from './page-answers';

const LIVE_URL = '/api/v1/live';
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;
/**
 * How long the first stream waits for the page's first fetches to be answered. A page still
 * loading then opens it anyway: live updates are not held back by one slow request.
 */
const SETTLE_CAP_MS = 10_000;
// EventSource.CLOSED, spelled out so this module also loads where EventSource is undefined (tests).
const EVENT_SOURCE_CLOSED = 2;

function isLiveTopic(value: unknown): value is LiveTopic {
  return typeof value === 'string' && Object.hasOwn(LIVE_TOPICS, value);
}

export function parseLiveMessage(data: string): LiveMessage | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const { topic, ids } = value as Record<string, unknown>;
    if (!isLiveTopic(topic)) return null;
    return { topic, ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [] };
  } catch {
    return null;
  }
}

/** Events carry ids, never data: refetching the topic's queries is how the data arrives. */
export async function applyLiveMessage(queryClient: QueryClient, message: LiveMessage): Promise<void> {
  await Promise.all(
    LIVE_TOPICS[message.topic].invalidates.map(async (queryKey) => {
      // A fetch under way is not cancelled: it may be the next page someone asked for («Vis
      // flere»), which a cancel would drop. It may also have read before the change, so once it
      // is done, those queries are fetched again.
      const underWay = queryClient
        .getQueryCache()
        .findAll({ queryKey })
        .filter((query) => query.state.fetchStatus === 'fetching');
      await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
      await Promise.all(
        underWay.map((query) =>
          queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false }),
        ),
      );
    }),
  );
}

/**
 * Every query of every topic. Only queries already in the cache are touched: those are the ones
 * fetched (or being fetched) before the stream opened, which may have read before a write that
 * the stream will never announce. A fetch still under way is fetched again once it is done.
 */
function invalidateAllTopics(queryClient: QueryClient): void {
  for (const topic of Object.keys(LIVE_TOPICS) as LiveTopic[]) {
    void applyLiveMessage(queryClient, { topic, ids: [] });
  }
}

/**
 * Queries restored from the saved cache (query-client.ts) were fetched in an earlier page life:
 * no live id says what they may have missed. Those in use are fetched again, the rest when next used.
 */
function invalidateRestored(queryClient: QueryClient): void {
  void queryClient.invalidateQueries(
    {
      predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < PAGE_STARTED_AT,
    },
    { cancelRefetch: false },
  );
}

/**
 * Calls `then` once no query is fetching and no API request is under way, or after `capMs`.
 * Returns how to stop waiting.
 */
export function whenSettled(queryClient: QueryClient, capMs: number, then: () => void): () => void {
  let waiting = true;
  const stop = () => {
    waiting = false;
    clearTimeout(timer);
    stopHearingQueries();
    stopHearingAnswers();
  };
  const finish = () => {
    if (!waiting) return;
    stop();
    // Not inside the query cache's notification, which the caller's invalidations would re-enter.
    queueMicrotask(then);
  };
  const check = () => {
    if (queryClient.isFetching() === 0 && apiRequestsUnderWay() === 0) finish();
  };
  const timer = setTimeout(finish, capMs);
  const stopHearingQueries = queryClient.getQueryCache().subscribe(check);
  const stopHearingAnswers = onApiAnswer(check);
  check();
  return stop;
}

export interface LiveConnection {
  close(): void;
}

/**
 * One EventSource per signed-in tab. The first stream opens once the page's first fetches are
 * answered, from the live floor (live-floor.ts): the server replays the changes after it, so only
 * what changed is fetched again, not the whole page. A stream the server cannot resume that far
 * sends `reset`, and everything is fetched again.
 *
 * The browser reconnects by itself (sending Last-Event-ID) after a dropped connection; it gives
 * up only when the server refuses the stream, e.g. an expired session. Then we retry with
 * backoff, from the last event the stream delivered, and let the session query decide whether
 * the user is still signed in.
 */
export function connectLive(
  queryClient: QueryClient,
  createSource: (url: string) => EventSource = (url) => new EventSource(url),
  settleCapMs = SETTLE_CAP_MS,
): LiveConnection {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_MIN_MS;
  let closed = false;
  /** The last event id a stream delivered, else the id the last stream resumed from. */
  let resumeFrom: string | undefined;
  let stopWaiting: (() => void) | undefined;
  let stopWatchingLateAnswers: (() => void) | undefined;

  const onChange = (event: MessageEvent<string>) => {
    if (event.lastEventId) resumeFrom = event.lastEventId;
    const message = parseLiveMessage(event.data);
    if (message) void applyLiveMessage(queryClient, message);
  };
  const onReset = (event: MessageEvent<string>) => {
    if (event.lastEventId) resumeFrom = event.lastEventId;
    invalidateAllTopics(queryClient);
  };

  const open = (from: string | undefined) => {
    retryTimer = undefined;
    resumeFrom = from;
    const current = createSource(from === undefined ? LIVE_URL : `${LIVE_URL}?lastEventId=${from}`);
    source = current;
    let openedBefore = false;
    current.addEventListener(LIVE_EVENT, onChange as EventListener);
    current.addEventListener(LIVE_RESET_EVENT, onReset as EventListener);
    current.addEventListener('open', () => {
      retryDelay = RETRY_MIN_MS;
      // A stream that resumes replays what was missed. One that does not announces only writes
      // made after it opened, so what was fetched before may lack a write it will never hear of.
      // Neither is enough when the browser reopens it by itself: the server ends a stream when
      // the user's roles change, and the answers (the session first) must follow the new ones.
      if (from === undefined || openedBefore) invalidateAllTopics(queryClient);
      openedBefore = true;
    });
    current.addEventListener('error', () => {
      if (closed || source !== current || current.readyState !== EVENT_SOURCE_CLOSED) return;
      source = null;
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      retryTimer = setTimeout(() => open(resumeFrom), retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    });
  };

  stopWaiting = whenSettled(queryClient, settleCapMs, () => {
    stopWaiting = undefined;
    if (closed) return;
    // The stream replays from the floor: an answer the page carries, taken from now on, could be
    // older than that.
    dropPageAnswers();
    const floor = liveFloor();
    if (floor !== undefined) {
      invalidateRestored(queryClient);
      // Opened at the cap, a request still under way may be answered from before the floor:
      // what it may have missed is not replayed, so everything is fetched again.
      stopWatchingLateAnswers = onLateAnswerBelow(floor, () => invalidateAllTopics(queryClient));
    }
    open(floor === undefined ? undefined : String(floor));
  });

  return {
    close() {
      closed = true;
      stopWaiting?.();
      stopWatchingLateAnswers?.();
      clearTimeout(retryTimer);
      source?.close();
      source = null;
    },
  };
}
