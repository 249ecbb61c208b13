import type { ScreenContent } from '@tun/shared/screens';
import { useEffect, useRef } from 'react';

const RELOADED_FOR_KEY = 'tun.screen.reloadedFor';
/** How long a new version's service worker may take to take over before the reload goes ahead. */
const TAKE_OVER_WAIT_MS = 3_000;

/**
 * A reload alone would come back to the old version while a new service worker waits (it waits
 * for every tab of the old one to close, and a TV never closes its tab): the waiting worker is
 * told to take over first (src/sw.ts listens for SKIP_WAITING), so the TV runs the new build.
 */
async function reloadOnNewestVersion(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const waiting = registration?.waiting;
  if (waiting) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, TAKE_OVER_WAIT_MS);
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  }
  window.location.reload();
}

/**
 * «Last inn på nytt» (/app/tv-setup): the TV reloads when the screen's reloadRequestedAt is
 * later than this page's load. Both are compared in the server's clock: the load is the first
 * fresh answer's generatedAt less the time the page had been open when it arrived, so a TV
 * whose clock is wrong neither misses the request nor reloads for ever. A request is obeyed
 * once per value, whatever the clocks say.
 */
export function useReloadRequest(
  content: ScreenContent | undefined,
  fetchedAt: number,
  fresh: boolean,
): void {
  const loadedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!content || !fresh) return;
    if (loadedAt.current === null) {
      loadedAt.current = Date.parse(content.generatedAt) - (fetchedAt - performance.timeOrigin);
    }
    const requested = content.screen.reloadRequestedAt;
    if (requested === null || Date.parse(requested) <= loadedAt.current) return;
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === requested) return;
    sessionStorage.setItem(RELOADED_FOR_KEY, requested);
    void reloadOnNewestVersion();
  }, [content, fetchedAt, fresh]);
}
