import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';

// Under 'calendar': the live topic 'calendar' (published when a feed is made or revoked) refreshes it.
export const calendarFeedsQueryKey = ['calendar', 'feeds'] as const;

export function getCalendarFeeds(signal?: AbortSignal): Promise<CalendarFeed[]> {
  return apiRequest<CalendarFeed[]>('/calendar/feeds', { signal });
}

export const calendarFeedsQueryOptions = queryOptions({
  queryKey: calendarFeedsQueryKey,
  queryFn: ({ signal }) => getCalendarFeeds(signal),
});

/** The signed-in person's own feeds (never their addresses: those are shown once). */
export function useCalendarFeeds(options: { enabled?: boolean } = {}) {
  return useQuery({ ...calendarFeedsQueryOptions, enabled: options.enabled ?? true });
}
