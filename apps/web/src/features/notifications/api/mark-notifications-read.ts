import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationList } from '@tun/shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { markPagesRead, unreadAfter } from '../model/notification-pages';
import {
  notificationListQueryOptions,
  notificationsQueryKey,
  unreadCountQueryOptions,
} from './get-notifications';

/** Marks the named notifications read, or every one of the person's when `ids` is absent. */
export function markNotificationsRead(ids?: readonly string[]): Promise<void> {
  return apiRequest<void>('/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}

/**
 * Shows the notifications read at once (a click on one opens its page straight away), puts them
 * back if the server refuses, and asks the server again either way.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const listKey = notificationListQueryOptions().queryKey;
  const countKey = unreadCountQueryOptions().queryKey;
  return useMutation({
    mutationFn: ({ ids }: { ids?: readonly string[] }) => markNotificationsRead(ids),
    onMutate: async ({ ids }) => {
      // A fetch under way could land after this and show them unread again.
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const list = queryClient.getQueryData<InfiniteData<NotificationList, string | null>>(listKey);
      const count = queryClient.getQueryData<NotificationList>(countKey);
      let marked = 0;
      if (list) {
        const result = markPagesRead(list.pages, ids, new Date().toISOString());
        marked = result.marked;
        queryClient.setQueryData(listKey, { ...list, pages: result.pages });
      }
      if (count) {
        queryClient.setQueryData(countKey, {
          ...count,
          unreadCount: unreadAfter(count.unreadCount, ids !== undefined, marked),
        });
      }
      return { list, count };
    },
    onError: (_error, _input, saved) => {
      if (saved?.list) queryClient.setQueryData(listKey, saved.list);
      if (saved?.count) queryClient.setQueryData(countKey, saved.count);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
