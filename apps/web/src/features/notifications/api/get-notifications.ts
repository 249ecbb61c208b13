import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { NotificationList } from '@tun/shared/notifications';
import { UNREAD_COUNT_PATH } from '@tun/shared/page-data';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every notifications query starts with the live topic's name: the server tells only the person
 * concerned, and the stream's `notifications` change refreshes all of these.
 */
export const notificationsQueryKey = ['notifications'] as const;

/** Enough to fill the popover on a phone without a second request. */
const PAGE_SIZE = 20;

export function getNotifications(
  params: { unread?: boolean; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<NotificationList> {
  const search = new URLSearchParams();
  if (params.unread) search.set('unread', 'true');
  if (params.cursor) search.set('cursor', params.cursor);
  if (params.limit) search.set('limit', String(params.limit));
  return apiRequest<NotificationList>(`/notifications?${search.toString()}`, { signal });
}

/**
 * The bell's count. It is asked for on every page and after every live change, so it fetches
 * the least the server lists (one unread notification) and keeps only the count.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'unread-count'],
    // The address every page's HTML preloads.
    queryFn: ({ signal }) => apiRequest<NotificationList>(UNREAD_COUNT_PATH, { signal }),
    select: (list) => list.unreadCount,
  });

/** The list in the popover, newest first, page after page following `nextCursor` («Vis flere»). */
export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, 'list'],
    queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
