import type { Notification, NotificationList } from '@tun/shared/notifications';
import { describe, expect, it } from 'vitest';
import { appPath, markPagesRead, mergeNotificationPages, unreadAfter } from './notification-pages';

function notification(id: string, createdAt: string, readAt: string | null = null): Notification {
  return { id, category: 'posts', title: id, text: '', link: null, createdAt, readAt };
}

function page(
  notifications: Notification[],
  unreadCount: number,
  nextCursor: string | null,
): NotificationList {
  return { notifications, unreadCount, nextCursor };
}

describe('merging notification pages', () => {
  it('is empty with no pages', () => {
    expect(mergeNotificationPages([])).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
  });

  it('joins pages newest first, with the first page’s count and the last page’s cursor', () => {
    const merged = mergeNotificationPages([
      page([notification('c', '2026-11-24T10:00:00Z'), notification('b', '2026-11-24T09:00:00Z')], 3, 'p2'),
      page([notification('a', '2026-11-23T09:00:00Z')], 2, null),
    ]);
    expect(merged.notifications.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(merged.unreadCount).toBe(3);
    expect(merged.nextCursor).toBeNull();
  });

  it('keeps one copy of a notification pushed onto the next page, the fresher one', () => {
    const merged = mergeNotificationPages([
      page([notification('d', '2026-11-24T11:00:00Z'), notification('c', '2026-11-24T10:00:00Z')], 2, 'p2'),
      page(
        [
          notification('c', '2026-11-24T10:00:00Z', '2026-11-24T10:05:00Z'),
          notification('b', '2026-11-24T09:00:00Z'),
        ],
        1,
        'p3',
      ),
    ]);
    expect(merged.notifications.map((n) => n.id)).toEqual(['d', 'c', 'b']);
    expect(merged.notifications[1]?.readAt).toBeNull();
    expect(merged.nextCursor).toBe('p3');
  });

  it('keeps the server’s order for notifications made at the same instant', () => {
    const at = '2026-11-24T10:00:00Z';
    const merged = mergeNotificationPages([page([notification('x', at), notification('y', at)], 0, null)]);
    expect(merged.notifications.map((n) => n.id)).toEqual(['x', 'y']);
  });
});

describe('notification links', () => {
  it('opens paths in the app', () => {
    expect(appPath('/app/posts?post=abc')).toBe('/app/posts?post=abc');
  });

  it('refuses what would leave the app', () => {
    expect(appPath(null)).toBeNull();
    expect(appPath('')).toBeNull();
    expect(appPath('https://example.com/')).toBeNull();
    expect(appPath('//example.com/')).toBeNull();
    expect(appPath('/\\example.com')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
  });
});

describe('marking read before the server answers', () => {
  const pages = [
    page(
      [notification('c', '2026-11-24T10:00:00Z'), notification('b', '2026-11-24T09:00:00Z', 'earlier')],
      3,
      'p2',
    ),
    page([notification('a', '2026-11-23T09:00:00Z')], 3, null),
  ];
  const readAt = '2026-11-24T12:00:00Z';

  it('reads the named ones and lowers every page’s count by the unread ones among them', () => {
    const { pages: next, marked } = markPagesRead(pages, ['a', 'b', 'unknown'], readAt);
    expect(marked).toBe(1);
    expect(next.flatMap((p) => p.notifications.map((n) => [n.id, n.readAt]))).toEqual([
      ['c', null],
      ['b', 'earlier'],
      ['a', readAt],
    ]);
    expect(next.map((p) => p.unreadCount)).toEqual([2, 2]);
    expect(next.map((p) => p.nextCursor)).toEqual(['p2', null]);
  });

  it('reads everything when no ids are named, unread ones not yet loaded too', () => {
    const { pages: next, marked } = markPagesRead(pages, undefined, readAt);
    expect(marked).toBe(2);
    expect(next.every((p) => p.notifications.every((n) => n.readAt !== null))).toBe(true);
    expect(next.map((p) => p.unreadCount)).toEqual([0, 0]);
  });

  it('never counts below zero', () => {
    expect(unreadAfter(1, true, 2)).toBe(0);
    expect(unreadAfter(5, false, 0)).toBe(0);
    expect(unreadAfter(5, true, 1)).toBe(4);
  });

  it('leaves the pages it was given alone', () => {
    markPagesRead(pages, undefined, readAt);
    expect(pages[0]?.notifications[0]?.readAt).toBeNull();
  });
});
