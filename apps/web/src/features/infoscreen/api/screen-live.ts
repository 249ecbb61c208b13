import type { QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT } from '@tun/shared/live-topics';
import { parseLiveMessage } from '../../../lib/live';
import { screenContentQueryKey } from '../../../entities/screens/get-screen';

const LIVE_URL = '/api/v1/live';
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;
// EventSource.CLOSED, spelled out so this module also loads where EventSource is undefined (tests).
const EVENT_SOURCE_CLOSED = 2;

/**
 * The TV's live stream. A TV hears the topics of what it shows, without ids (decision 024),
 * and its whole screen is one answer, so any message refetches that one query: the app's
 * connectLive would refetch each topic's own keys (['calendar'], ['posts'], …), which a TV
 * never loads. A single EventSource at a time; every timer and listener goes with it.
 */
export function connectScreenLive(
  queryClient: QueryClient,
  createSource: (url: string) => EventSource = (url) => new EventSource(url),
): { close(): void } {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_MIN_MS;
  let closed = false;

  // A refetch under way may have read before the change: it is started again (TanStack's
  // default cancelRefetch), so the screen ends on the newest answer.
  const refetch = () => void queryClient.invalidateQueries({ queryKey: screenContentQueryKey });

  const onChange = (event: MessageEvent<string>) => {
    if (parseLiveMessage(event.data)) refetch();
  };
  const onOpen = () => {
    retryDelay = RETRY_MIN_MS;
    // Writes made while the stream was down (or before it first opened) were never announced.
    refetch();
  };
  const onError = () => {
    if (closed || !source || source.readyState !== EVENT_SOURCE_CLOSED) return;
    // The server refused the stream: most likely the session has ended (revoked). The refetch
    // then answers 401, which sends the TV back to pairing; otherwise we try again later.
    drop();
    refetch();
    retryTimer = setTimeout(open, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  };

  function drop() {
    if (!source) return;
    source.removeEventListener(LIVE_EVENT, onChange as EventListener);
    source.removeEventListener('open', onOpen);
    source.removeEventListener('error', onError);
    source.close();
    source = null;
  }

  function open() {
    retryTimer = undefined;
    source = createSource(LIVE_URL);
    source.addEventListener(LIVE_EVENT, onChange as EventListener);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
  }

  open();

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      drop();
    },
  };
}
