import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '@tun/shared/calendar';
import { calendarEventPath } from '@tun/shared/page-data';
import { apiRequest } from '../../lib/api-client';
import { calendarQueryKey } from '../calendar/get-calendar-events';

export function getEvent(eventId: string, signal?: AbortSignal): Promise<CalendarEvent> {
  return apiRequest<CalendarEvent>(calendarEventPath(eventId), { signal });
}

export function eventQueryOptions(eventId: string) {
  return queryOptions({
    // Under 'calendar', so that a moved or renamed event refreshes with the calendar's live topic.
    queryKey: [...calendarQueryKey, 'event', eventId] as const,
    queryFn: ({ signal }) => getEvent(eventId, signal),
  });
}

/** One event (a schedule occurrence id works too); for the sheet's header and names in lists. */
export function useEvent(eventId: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...eventQueryOptions(eventId ?? ''),
    enabled: eventId !== null && (options.enabled ?? true),
  });
}
