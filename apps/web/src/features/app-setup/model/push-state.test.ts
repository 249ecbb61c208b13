import { APP_FEATURES } from '@tun/shared/app-settings';
import { defaultNotificationPreferences } from '@tun/shared/notifications';
import { describe, expect, it } from 'vitest';
import { installAddress } from './install-address';
import { pushStatus, shownCategories, withPush } from './push-state';

describe('pushStatus', () => {
  it('says unsupported first: a browser without push has nothing to allow', () => {
    expect(pushStatus({ supported: false, permission: undefined, subscribed: false })).toBe('unsupported');
  });

  it('says denied when the browser blocks notifications, even with an old subscription', () => {
    expect(pushStatus({ supported: true, permission: 'denied', subscribed: true })).toBe('denied');
  });

  it('is on only with a subscription on this device', () => {
    expect(pushStatus({ supported: true, permission: 'granted', subscribed: true })).toBe('on');
    expect(pushStatus({ supported: true, permission: 'granted', subscribed: false })).toBe('off');
    expect(pushStatus({ supported: true, permission: 'default', subscribed: false })).toBe('off');
  });
});

describe('push categories', () => {
  it('offers the categories of the features that are on', () => {
    expect(shownCategories([...APP_FEATURES])).toEqual(['posts', 'attendance', 'cases']);
    expect(shownCategories(['posts', 'maintenance'])).toEqual(['posts', 'cases']);
    expect(shownCategories(['files', 'groups'])).toEqual([]);
  });

  it('changes push for one category and keeps every other choice', () => {
    const stored = defaultNotificationPreferences(['teacher']);
    const changed = withPush(stored, 'attendance', false);
    expect(changed.attendance).toEqual({ ...stored.attendance, push: false });
    expect(changed.posts).toEqual(stored.posts);
    expect(changed.cases).toEqual(stored.cases);
    expect(stored.attendance.push).toBe(true);
  });
});

describe('installAddress', () => {
  it('is the start page on this server', () => {
    expect(installAddress('https://tun.fjordtun.no')).toBe('https://tun.fjordtun.no/app/dashboard');
    expect(installAddress('http://localhost:3794/')).toBe('http://localhost:3794/app/dashboard');
  });
});
