import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEvent, CalendarResponse } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the card looks. */
export const NEXT_EVENTS_DAYS = 7;
/**
 * The window starts at "now" rounded down to this step, so the key (and the request) stays the
 * same between the card's 30-second ticks and moves on a few times an hour.
 */
export const NEXT_EVENTS_STEP_MS = 5 * 60 * 1000;

export function nextEventsWindowStart(now: number): number {
  return now - (now % NEXT_EVENTS_STEP_MS);
}

export function getNextEvents(
  personId: string,
  windowStart: number,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const params = new URLSearchParams({
    from: new Date(windowStart).toISOString(),
    to: new Date(windowStart + NEXT_EVENTS_DAYS * DAY_MS).toISOString(),
    person: personId,
  });
  return apiRequest<CalendarResponse>(`/calendar?${params.toString()}`, { signal }).then(
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
