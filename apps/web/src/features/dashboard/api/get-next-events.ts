import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEvent, CalendarResponse } from '@tun/shared/calendar';
import { nextEventsPath, nextEventsWindowStart } from '@tun/shared/page-data';
import { apiRequest } from '../../../lib/api-client';

export function getNextEvents(
  personId: string,
  windowStart: number,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  return apiRequest<CalendarResponse>(nextEventsPath(personId, windowStart), { signal }).then(
    (response) => response.events,
  );
}

// Under 'calendar': live changes to events, schedules, lines and groups refresh it.
export function nextEventsQueryOptions(personId: string, windowStart: number) {
  return queryOptions({
    queryKey: ['calendar', 'next', personId, windowStart] as const,
    queryFn: ({ signal }) => getNextEvents(personId, windowStart, signal),
  });
}

/** The person's own events from the window's start and a week ahead, the school's included. */
export function useNextEvents(personId: string, now: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...nextEventsQueryOptions(personId, nextEventsWindowStart(now)),
    enabled: options.enabled ?? true,
    // The list stays while the next window loads, instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}
