import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether Tun can reach its server. TanStack Query's onlineManager holds the answer: while it
 * says offline, queries keep what they have and wait (paused) instead of failing into error
 * screens, and they refetch when it says online again. The browser's online/offline events
 * feed it (TanStack's own listener); so does a request that got no answer at all, because a
 * phone on a dead Wi-Fi still reports itself online.
 */

/** A cheap public route: any answer from it means the server is reachable again. */
const PROBE_URL = '/api/v1/health';
const PROBE_INTERVAL_MS = 10_000;
const PROBE_TIMEOUT_MS = 5_000;

let probeTimer: ReturnType<typeof setTimeout> | undefined;
let stopProbingWhenOnline: (() => void) | undefined;

/** What the browser believes; true where there is no browser to ask (unit tests). */
function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(PROBE_URL, {
      cache: 'no-store',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function scheduleProbe(delay: number): void {
  if (probeTimer !== undefined) return;
  const timer = setTimeout(() => {
    void (async () => {
      // Without a network the browser's online event ends the wait; asking would only fail.
      const answered = browserOnline() && (await serverAnswers());
      // Online meanwhile (the browser's event), and perhaps a newer probe since: this one is done.
      if (probeTimer !== timer) return;
      probeTimer = undefined;
      if (answered) onlineManager.setOnline(true);
      else scheduleProbe(PROBE_INTERVAL_MS);
    })();
  }, delay);
  probeTimer = timer;
}

/** Call once at start-up: the online state starts as the browser's, not as TanStack's default (online). */
export function startOnlineTracking(): void {
  onlineManager.setOnline(browserOnline());
}

/**
 * A request got no answer (fetch threw). The app goes offline at once, so the request's retries
 * and every other query wait instead of failing, and the server is asked again until it answers.
 */
export function reportNetworkFailure(): void {
  stopProbingWhenOnline ??= onlineManager.subscribe((online) => {
    if (!online || probeTimer === undefined) return;
    // The browser's online event, or another probe, came first.
    clearTimeout(probeTimer);
    probeTimer = undefined;
  });
  onlineManager.setOnline(false);
  scheduleProbe(0);
}

function subscribe(onChange: () => void): () => void {
  return onlineManager.subscribe(onChange);
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
