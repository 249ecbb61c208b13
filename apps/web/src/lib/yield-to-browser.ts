/**
 * Ends the current task and goes on in a new one, so the browser may paint and answer input in
 * between. The start of a page is several steps of work that each take tens of milliseconds on a
 * slow phone; run in one task they hold the main thread for all of them (what Lighthouse counts
 * as blocking time). `scheduler.yield` goes on ahead of other waiting tasks where the browser has
 * it (Chromium, Firefox); elsewhere a message to ourselves does, as React's scheduler does, since
 * a timer in a tab opened in the background waits up to a second.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
