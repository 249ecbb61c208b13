import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { calendarFeedsQueryKey } from './get-calendar-feeds';

/** Revokes one of one's own feeds: its address stops working at once. */
export function revokeCalendarFeed(id: string): Promise<void> {
  return apiRequest<void>(`/calendar/feeds/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
  });
}
