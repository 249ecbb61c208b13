import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedInput, CreatedCalendarFeed } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';
import { calendarFeedsQueryKey } from './get-calendar-feeds';

/** Makes a private iCal address; the answer is the only time its URL is seen. */
export function createCalendarFeed(input: CalendarFeedInput): Promise<CreatedCalendarFeed> {
  return apiRequest<CreatedCalendarFeed>('/calendar/feeds', { method: 'POST', body: input });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
  });
}
