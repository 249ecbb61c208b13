/**
 * The person's notification preferences, read and saved here for the push column only. The key
 * is the notifications feature's own, so the bell's settings dialog and this page show the same
 * stored choice, and the 'notifications' live topic refreshes both.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@tun/shared/notifications';
import { apiRequest } from '../../../lib/api-client';

const preferencesQueryKey = ['notifications', 'preferences'] as const;

const preferencesQueryOptions = queryOptions({
  queryKey: preferencesQueryKey,
  queryFn: ({ signal }) => apiRequest<NotificationPreferences>('/notifications/preferences', { signal }),
});

export function useNotificationPreferences() {
  return useQuery(preferencesQueryOptions);
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('/notifications/preferences', { method: 'PUT', body: preferences }),
    // The answer is what is stored; show it without asking again.
    onSuccess: (stored) => queryClient.setQueryData(preferencesQueryKey, stored),
  });
}
