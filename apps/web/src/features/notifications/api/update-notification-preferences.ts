import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@tun/shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

export function updateNotificationPreferences(
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/notifications/preferences', {
    method: 'PUT',
    body: preferences,
  });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    // The answer is what is stored; show it without asking again.
    onSuccess: (stored) => queryClient.setQueryData(notificationPreferencesQueryKey, stored),
  });
}
