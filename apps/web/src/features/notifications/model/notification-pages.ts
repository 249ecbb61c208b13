import type { Notification, NotificationList } from '@tun/shared/notifications';

export interface MergedNotifications {
  notifications: Notification[];
  unreadCount: number;
  nextCursor: string | null;
}

/**
 * The pages fetched so far as one list, newest first. A notification that arrives between two
 * page loads can push one already shown onto the next page, so each id is kept once (its first,
 * i.e. freshest, copy). The unread count is the first page's: it is the most recent answer.
 */
export function mergeNotificationPages(pages: readonly NotificationList[]): MergedNotifications {
  const seen = new Set<string>();
  const notifications: Notification[] = [];
  for (const page of pages) {
    for (const notification of page.notifications) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      notifications.push(notification);
    }
  }
  notifications.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return {
    notifications,
    unreadCount: pages[0]?.unreadCount ?? 0,
    nextCursor: pages.at(-1)?.nextCursor ?? null,
  };
}

/**
 * The in-app path a notification opens, or null when it has none or is not one of ours (a
 * protocol-relative `//host` or a backslash trick would leave the app).
 */
export function appPath(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}

/**
 * The pages as they are once `ids` (or, without ids, every notification) are read, shown before
 * the server answers so a click reads at once. Returns the pages and how many unread ones the
 * pages held among those marked, which is what the bell's count drops by.
 */
export function markPagesRead(
  pages: readonly NotificationList[],
  ids: readonly string[] | undefined,
  readAt: string,
): { pages: NotificationList[]; marked: number } {
  const wanted = ids ? new Set(ids) : null;
  const marked = new Set<string>();
  const next = pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((notification) => {
      if (notification.readAt !== null || (wanted && !wanted.has(notification.id))) return notification;
      marked.add(notification.id);
      return { ...notification, readAt };
    }),
  }));
  return {
    pages: next.map((page) => ({
      ...page,
      unreadCount: unreadAfter(page.unreadCount, wanted !== null, marked.size),
    })),
    marked: marked.size,
  };
}

/** The unread count once `marked` of them are read; all read when no ids were named. */
export function unreadAfter(count: number, named: boolean, marked: number): number {
  return named ? Math.max(0, count - marked) : 0;
}
