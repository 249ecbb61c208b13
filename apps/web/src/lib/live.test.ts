import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { LIVE_ID_HEADER, LIVE_TOPICS } from '@tun/shared/live-topics';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveMessage, connectLive, parseLiveMessage } from './live';
import { apiRequestSent, forgetLiveFloor, PAGE_STARTED_AT } from './live-floor';

describe('parseLiveMessage', () => {
  it('reads a change event', () => {
    expect(parseLiveMessage('{"topic":"school","ids":["s1"]}')).toEqual({ topic: 'school', ids: ['s1'] });
  });

  it.each(['not json', '{"topic":"nope","ids":[]}', 'null', '[]'])('ignores %s', (data) => {
    expect(parseLiveMessage(data)).toBeNull();
  });
});

describe('applyLiveMessage', () => {
  it('invalidates every query key the topic lists, and only those', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['school'], { id: 's1' });
    queryClient.setQueryData(['session'], { user: {} });
    queryClient.setQueryData(['people', 'list'], []);
    const spy = vi.spyOn(queryClient, 'invalidateQueries');

    await applyLiveMessage(queryClient, { topic: 'school', ids: ['s1'] });

    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(LIVE_TOPICS.school.invalidates);
    expect(queryClient.getQueryState(['school'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['people', 'list'])?.isInvalidated).toBe(false);
  });
});

/** Stands in for the browser's EventSource: the test decides when the stream opens and what it sends. */
class FakeSource extends EventTarget {
  readyState = 0;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  send(type: string, data: string, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
  /** The server refused the stream: the browser gives up. */
  fail() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
}

function fakeSources() {
  const sources: FakeSource[] = [];
  const createSource = (url: string) => {
    const source = new FakeSource(url);
    sources.push(source);
    return source as unknown as EventSource;
  };
  return { sources, createSource };
}

/** An API answer as the server sends it. */
function answer(liveId: number): void {
  apiRequestSent()(new Response('{}', { headers: { [LIVE_ID_HEADER]: String(liveId) } }));
}

const invalidated = (queryClient: QueryClient, queryKey: unknown[]) =>
  queryClient.getQueryState(queryKey)?.isInvalidated;

/** Lets the first stream open: it waits a microtask after the page has settled. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('connectLive', () => {
  beforeEach(() => forgetLiveFloor());

  it('with nothing fetched yet, refetches what the page has once the stream opens', async () => {
    const queryClient = new QueryClient();
    // Set, not fetched: no answer gave a live id.
    queryClient.setQueryData(['rooms'], [{ id: 'r1' }]);
    queryClient.setQueryData(['calendar', 'week'], []);
    const { sources, createSource } = fakeSources();
    const connection = connectLive(queryClient, createSource);
    await settle();
    expect(sources[0]!.url).toBe('/api/v1/live');
    expect(invalidated(queryClient, ['rooms'])).toBe(false);

    sources[0]!.open();

    expect(invalidated(queryClient, ['rooms'])).toBe(true);
    expect(invalidated(queryClient, ['calendar', 'week'])).toBe(true);
    connection.close();
  });

  it('resumes from the smallest live id of the answers and refetches nothing fresh on open', async () => {
    const queryClient = new QueryClient();
    answer(42);
    answer(40);
    answer(45);
    queryClient.setQueryData(['rooms'], [{ id: 'r1' }]);
    const { sources, createSource } = fakeSources();
    const connection = connectLive(queryClient, createSource);
    await settle();
    expect(sources[0]!.url).toBe('/api/v1/live?lastEventId=40');

    sources[0]!.open();
    expect(invalidated(queryClient, ['rooms'])).toBe(false);

    // The replay: only the topic that changed is fetched again.
    sources[0]!.send('change', '{"topic":"rooms","ids":["r1"]}', '41');
    await settle();
    expect(invalidated(queryClient, ['rooms'])).toBe(true);
    connection.close();
  });

  it('refetches everything when the server cannot replay all that was missed', async () => {
    const queryClient = new QueryClient();
    answer(3);
    queryClient.setQueryData(['rooms'], [{ id: 'r1' }]);
    queryClient.setQueryData(['school'], { id: 's1' });
    const { sources, createSource } = fakeSources();
    const connection = connectLive(queryClient, createSource);
    await settle();
    sources[0]!.open();
    expect(invalidated(queryClient, ['rooms'])).toBe(false);

    sources[0]!.send('reset', '{}', '900');

    expect(invalidated(queryClient, ['rooms'])).toBe(true);
    expect(invalidated(queryClient, ['school'])).toBe(true);
    connection.close();
  });

  it('refetches the queries restored from the saved cache, which no live id covers', async () => {
    const queryClient = new QueryClient();
    answer(7);
    queryClient.setQueryData(['posts'], [], { updatedAt: PAGE_STARTED_AT - 60_000 });
    queryClient.setQueryData(['rooms'], []);
    const { sources, createSource } = fakeSources();
    const connection = connectLive(queryClient, createSource);
    await settle();
    sources[0]!.open();

    expect(invalidated(queryClient, ['posts'])).toBe(true);
    expect(invalidated(queryClient, ['rooms'])).toBe(false);
    connection.close();
  });

  it('waits for the page’s requests to be answered before it takes the floor', async () => {
    const queryClient = new QueryClient();
    answer(50);
    const pending = apiRequestSent();
    const { sources, createSource } = fakeSources();
    const connection = connectLive(queryClient, createSource);
    await settle();
    expect(sources).toHaveLength(0);

    pending(new Response('{}', { headers: { [LIVE_ID_HEADER]: '44' } }));
    await settle();

    expect(sources[0]!.url).toBe('/api/v1/live?lastEventId=44');
    connection.close();
  });

  it('opens at the cap, and refetches everything if a late answer is from before the floor', async () => {
    const queryClient = new QueryClient();
    answer(50);
    queryClient.setQueryData(['rooms'], []);
    const slow = apiRequestSent();
    const { sources, createSource } = fakeSources();
    const connection = connectLive(queryClient, createSource, 0);
    await settle();
    expect(sources[0]!.url).toBe('/api/v1/live?lastEventId=50');
    sources[0]!.open();
    expect(invalidated(queryClient, ['rooms'])).toBe(false);

    slow(new Response('{}', { headers: { [LIVE_ID_HEADER]: '48' } }));

    expect(invalidated(queryClient, ['rooms'])).toBe(true);
    connection.close();
  });

  it('refetches again when the browser reopens the stream by itself', async () => {
    const queryClient = new QueryClient();
    answer(5);
    const { sources, createSource } = fakeSources();
    const connection = connectLive(queryClient, createSource);
    await settle();
    sources[0]!.open();
    queryClient.setQueryData(['rooms'], [{ id: 'r1' }]);
    expect(invalidated(queryClient, ['rooms'])).toBe(false);

    sources[0]!.open();

    expect(invalidated(queryClient, ['rooms'])).toBe(true);
    connection.close();
  });

  it('after a refused stream, reopens from the last event it delivered', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      answer(5);
      queryClient.setQueryData(['rooms'], []);
      const { sources, createSource } = fakeSources();
      const connection = connectLive(queryClient, createSource);
      await vi.advanceTimersByTimeAsync(0);
      sources[0]!.open();
      sources[0]!.send('change', '{"topic":"school","ids":["s1"]}', '12');
      sources[0]!.fail();

      await vi.advanceTimersByTimeAsync(2_000);
      expect(sources[1]!.url).toBe('/api/v1/live?lastEventId=12');
      sources[1]!.open();
      expect(invalidated(queryClient, ['rooms'])).toBe(false);
      connection.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a change during a query’s first fetch', () => {
  it('fetches again once the first fetch is done, since it may have read before the change', async () => {
    const queryClient = new QueryClient();
    let release!: (rooms: string[]) => void;
    const answers = [new Promise<string[]>((resolve) => (release = resolve)), Promise.resolve(['r1', 'r2'])];
    const queryFn = vi.fn(() => answers.shift()!);
    const observer = new QueryObserver(queryClient, { queryKey: ['rooms'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);

    const applied = applyLiveMessage(queryClient, { topic: 'rooms', ids: ['r2'] });
    release(['r1']);
    await applied;

    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(['rooms'])).toEqual(['r1', 'r2']);
    unsubscribe();
  });
});
