import { QueryClient } from '@tanstack/react-query';
import { LIVE_TOPICS } from '@tun/shared/live-topics';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveMessage, parseLiveMessage } from './live';

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
