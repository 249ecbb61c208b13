import { queryOptions } from '@tanstack/react-query';
import type { NotificationPreferences } from '@tun/shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export const notificationPreferencesQueryKey = [...notificationsQueryKey, 'preferences'] as const;

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/notifications/preferences', { signal });
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
