import type { QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT, LIVE_TOPICS, type LiveMessage, type LiveTopic } from '@tun/shared/live-topics';

const LIVE_URL = '/api/v1/live';
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;
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
 * the stream will never announce. A fetch still under way is cancelled and started again.
 */
function invalidateAllTopics(queryClient: QueryClient): void {
  for (const topic of Object.keys(LIVE_TOPICS) as LiveTopic[]) {
    void applyLiveMessage(queryClient, { topic, ids: [] });
  }
}

export interface LiveConnection {
  close(): void;
}

/**
 * One EventSource per signed-in tab. The browser reconnects by itself (sending Last-Event-ID)
 * after a dropped connection; it gives up only when the server refuses the stream, e.g. an
 * expired session. Then we retry with backoff and let the session query decide whether the
 * user is still signed in.
 */
export function connectLive(
  queryClient: QueryClient,
  createSource: (url: string) => EventSource = (url) => new EventSource(url),
): LiveConnection {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_MIN_MS;
  let closed = false;

  const onChange = (event: MessageEvent<string>) => {
    const message = parseLiveMessage(event.data);
    if (message) void applyLiveMessage(queryClient, message);
  };

  const open = () => {
    source = createSource(LIVE_URL);
    source.addEventListener(LIVE_EVENT, onChange as EventListener);
    source.addEventListener('open', () => {
      retryDelay = RETRY_MIN_MS;
      // The stream announces only writes made after it opened. A page fetched before then (the
      // first open: the page loads while the stream connects) or while we were away (a reopen)
      // may hold data from before a write it will never hear of; refetching once is cheaper
      // than guessing which.
      invalidateAllTopics(queryClient);
    });
    source.addEventListener('error', () => {
      if (closed || !source || source.readyState !== EVENT_SOURCE_CLOSED) return;
      source = null;
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      retryTimer = setTimeout(open, retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    });
  };

  open();

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      source?.close();
      source = null;
    },
  };
}
