import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { LIVE_TOPICS } from '@tun/shared/live-topics';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveMessage, connectLive, parseLiveMessage } from './live';

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

/** Stands in for the browser's EventSource: the test decides when the stream opens. */
class FakeSource extends EventTarget {
  readyState = 0;
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
}

describe('connectLive', () => {
  it('refetches what a page fetched before the stream first opened', () => {
    const queryClient = new QueryClient();
    // The page's first fetch lands before the stream is open; a write in between is never announced.
    queryClient.setQueryData(['rooms'], [{ id: 'r1' }]);
    queryClient.setQueryData(['calendar', 'week'], []);
    const sources: FakeSource[] = [];
    const connection = connectLive(queryClient, () => {
      const source = new FakeSource();
      sources.push(source);
      return source as unknown as EventSource;
    });
    expect(queryClient.getQueryState(['rooms'])?.isInvalidated).toBe(false);

    sources[0]!.open();

    expect(queryClient.getQueryState(['rooms'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['calendar', 'week'])?.isInvalidated).toBe(true);
    connection.close();
  });

  it('refetches again when the stream opens anew after a drop', () => {
    const queryClient = new QueryClient();
    const sources: FakeSource[] = [];
    const connection = connectLive(queryClient, () => {
      const source = new FakeSource();
      sources.push(source);
      return source as unknown as EventSource;
    });
    sources[0]!.open();
    queryClient.setQueryData(['rooms'], [{ id: 'r1' }]);
    expect(queryClient.getQueryState(['rooms'])?.isInvalidated).toBe(false);

    sources[0]!.open();

    expect(queryClient.getQueryState(['rooms'])?.isInvalidated).toBe(true);
    connection.close();
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
