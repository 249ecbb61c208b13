import type { CDPSession, Page } from '@playwright/test';
import type { PairingStart, Screen } from '@tun/shared/screens';
import { call, expect, test, unique } from '../fixtures';

/** Simulated days the screen stays on. */
const DAYS = 30;
/** Days before the first sample: what fills once (compiled code, formatters, caches) has filled. */
const WARM_UP_DAYS = 3;
/** Per simulated day: minutes run tick by tick (the clock, posts turning, heartbeats, the check-in code). */
const MINUTES_RUN_PER_DAY = 3;
/** Per simulated day: changes that reach the screen through the live stream (two topics each). */
const LIVE_CHANGES_PER_DAY = 8;
/**
 * What the heap may grow by from the early sample to the late one, both after forced garbage
 * collection. Between them the page re-renders about 5 000 times and refetches its content
 * over 400 times: a listener, timer, element or array entry kept per tick (from about 100
 * bytes), or about 1.5 KB kept per refetch, goes past this. A healthy screen grows by 50–100 KB here (V8's bookkeeping,
 * the service worker's hourly update check), a fifth of it or less.
 */
const MAX_GROWTH_BYTES = 512 * 1024;

/**
 * Browser bookkeeping that grows with the number of requests or with time, whatever the page
 * does, and is capped by the browser: DevTools' record of network responses (Playwright keeps
 * the Network domain on), the performance timeline's entries, and compiled code as V8 optimises.
 */
const BROWSER_BOOKKEEPING =
  /NetworkResourcesData|PerformanceResourceTiming|PerformanceLongAnimationFrameTiming|ScriptTimingInfo/;

/**
 * The page's heap after forced garbage collection, from a heap snapshot: every object the page
 * holds (JS objects, DOM nodes, listeners), less BROWSER_BOOKKEEPING and compiled code.
 */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  // Twice: the first pass frees what finalizers and weak references then let go of.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [
    number,
    number,
    number,
  ];
  let total = 0;
  for (let node = 0; node < snapshot.nodes.length; node += fields.length) {
    const type = types[snapshot.nodes[node + typeAt]!];
    if (type === 'code') continue;
    if (type === 'native' && BROWSER_BOOKKEEPING.test(snapshot.strings[snapshot.nodes[node + nameAt]!]!))
      continue;
    total += snapshot.nodes[node + sizeAt]!;
  }
  return total;
}

test('a screen left on for a month does not grow its memory', async ({ api, browser }) => {
  test.setTimeout(300_000);
  const id = unique();
  const room = await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: `Auditoriet ${id}` });
  // A rotating check-in code: the screen fetches a new one every minute.
  await call(api, 'POST', `/api/v1/rooms/${room.id}/tag`, { rotating: true });
  const start = new Date();
  const event = {
    name: `Foredrag ${id}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + 60 * 60_000).toISOString(),
    type: 'none',
    mandatory: false,
    roomUsed: room.id,
    groupsAttending: [],
  };
  const created = await call<{ id: string }>(api, 'POST', '/api/v1/calendar/events', event);

  // The page's clock is Playwright's: it runs as usual, and the test runs it tick by tick or
  // jumps it a day ahead. Paired through the API, in the TV's own context, so the cookie is the TV's.
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.clock.install();
  const tv = await context.newPage();
  const pairing = await call<PairingStart>(tv.request, 'POST', '/api/v1/screens/pairing');
  const screen = await call<Screen>(api, 'POST', '/api/v1/screens/pairing/approve', {
    userCode: pairing.userCode,
    screen: {
      name: `Auditoriet ${id}`,
      place: 'Runde 0',
      // Every panel, so every panel renders for the month.
      layout: {
        orientation: 'landscape',
        panels: ['programme', 'menu', 'supervision', 'posts', 'clock', 'checkIn'],
        roomId: room.id,
      },
      schedule: null,
    },
  });
  await call(tv.request, 'POST', '/api/v1/screens/pairing/token', { deviceCode: pairing.deviceCode });
  await tv.goto('/screen');
  await expect(tv.getByText('Runde 0', { exact: true })).toBeVisible();
  await expect(tv.getByRole('img', { name: `QR-kode for oppmøte i Auditoriet ${id}` })).toBeVisible();
  // A mark on this page: a reload (which would hide a leak) would lose it. (The clock fakes
  // `performance`, so its navigation entries cannot tell.)
  await tv.evaluate(() => Object.assign(window, { tunMemoryTest: true }));
  const cdp = await context.newCDPSession(tv);

  let round = 0;
  /**
   * One simulated day: a few minutes of ticks run one by one; changes made through the API,
   * each waited for on the screen (the refetch has finished when the new text shows); then the
   * clock jumps to the same time the next day, as for a TV left on overnight.
   */
  async function day(page: Page): Promise<void> {
    await page.clock.runFor(MINUTES_RUN_PER_DAY * 60_000);
    for (let change = 0; change < LIVE_CHANGES_PER_DAY; change += 1) {
      round += 1;
      const place = `Runde ${round}`;
      await call(api, 'PATCH', `/api/v1/calendar/events/${created.id}`, {
        ...event,
        name: `Foredrag ${id} ${round}`,
      });
      await call(api, 'PATCH', `/api/v1/screens/${screen.id}`, { place });
      await expect(page.getByText(place, { exact: true })).toBeVisible();
    }
    await page.clock.fastForward(24 * 60 * 60_000 - MINUTES_RUN_PER_DAY * 60_000);
  }

  for (let d = 0; d < WARM_UP_DAYS; d += 1) await day(tv);
  const early = await heapAfterGc(cdp);
  for (let d = WARM_UP_DAYS; d < DAYS; d += 1) await day(tv);
  const late = await heapAfterGc(cdp);

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  test.info().annotations.push({
    type: 'heap',
    description: `${mb(early)} after day ${WARM_UP_DAYS}, ${mb(late)} after day ${DAYS}`,
  });
  expect(late - early, `heap from ${early} to ${late} bytes`).toBeLessThan(MAX_GROWTH_BYTES);

  // Still the same page, and still live.
  expect(await tv.evaluate(() => 'tunMemoryTest' in window)).toBe(true);
  await call(api, 'PATCH', `/api/v1/screens/${screen.id}`, { place: 'Siste runde' });
  await expect(tv.getByText('Siste runde', { exact: true })).toBeVisible();
  await call(api, 'DELETE', `/api/v1/screens/${screen.id}`);
  await context.close();
});
