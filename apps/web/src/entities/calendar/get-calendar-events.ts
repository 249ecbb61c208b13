import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarResponse, EventWithPolicies } from '@tun/shared/calendar';
import { apiRequest } from '../../lib/api-client';

/** Every calendar key starts with 'calendar': the live topic 'calendar' (and lines, rooms…) refreshes them. */
export const calendarQueryKey = ['calendar'] as const;

/** Filters that pick one line, elective, group, room or person (at most one at a time). */
export const TARGET_FILTERS = ['line', 'elective', 'group', 'room', 'person'] as const;
export type TargetFilterKind = (typeof TARGET_FILTERS)[number];

/** The API's filter parameter (GET /calendar): the own calendar is the own person; none is the school. */
export type CalendarQueryFilter = Partial<Record<TargetFilterKind, string>>;

export interface CalendarEventsQuery {
  /** ISO instants of the visible range. */
  from: string;
  to: string;
  filter: CalendarQueryFilter;
}

export function getCalendarEvents(
  query: CalendarEventsQuery,
  signal?: AbortSignal,
): Promise<EventWithPolicies[]> {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  for (const [kind, id] of Object.entries(query.filter)) if (id) params.set(kind, id);
  return apiRequest<CalendarResponse>(`/calendar?${params.toString()}`, { signal }).then(
    (response) => response.events,
  );
}

export function calendarEventsQueryOptions(query: CalendarEventsQuery) {
  return queryOptions({
    queryKey: [...calendarQueryKey, 'events', query] as const,
    queryFn: ({ signal }) => getCalendarEvents(query, signal),
  });
}

/** The events of the visible range; the last range's events stay while the next one loads. */
export function useCalendarEvents(query: CalendarEventsQuery | null) {
  return useQuery({
    ...calendarEventsQueryOptions(query ?? { from: '', to: '', filter: {} }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
