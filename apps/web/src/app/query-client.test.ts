import { describe, expect, it } from 'vitest';
import { isPersistedQueryKey } from './query-client';

describe('isPersistedQueryKey', () => {
  it.each([
    [['session']],
    [['calendar', 'events', { from: 'a', to: 'b' }]],
    [['calendar', 'next', 'p1', 0]],
    [['posts', 'feed', { filter: 'all', q: '' }]],
    [['posts', 'latest']],
    [['foodPlan', '2026-11-23']],
    [['notifications', 'unread-count']],
    [['school']],
    [['supervision']],
    [['attendance', 'me', 'summary']],
    [['attendance', 'student', 's1', { from: 'a', to: 'b' }]],
    [['attendance', 'sheet', 'e1']],
    // The names on a sheet.
    [['people']],
    // What an info screen shows.
    [['screen']],
  ])('keeps %j for offline reading', (key) => {
    expect(isPersistedQueryKey(key)).toBe(true);
  });

  it.each([
    // Secret addresses of the user's calendar feeds.
    [['calendar', 'feeds']],
    // Large, or of no use offline.
    [['attendance', 'report', 'a', 'b', null]],
    [['attendance', 'proposals', 'open']],
    [['attendance']],
    [['files']],
    [['setup']],
    [['school', 'sso']],
    [[]],
  ])('does not keep %j', (key) => {
    expect(isPersistedQueryKey(key)).toBe(false);
  });
});
