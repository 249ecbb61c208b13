import { useQueries } from '@tanstack/react-query';
import { CALENDAR_RANGE_MAX_MS, type CalendarEvent } from '@tun/shared/calendar';
import { useMemo } from 'react';
import { calendarEventsQueryOptions } from '../../calendar/api/get-calendar-events';
import { dateRangeInstants, splitRange } from './attendance-dates';
import type { Period } from './period-fields';

/**
 * The events of a person over a period, by id, to name the events of their records. The calendar
 * answers at most 100 days per request, so a school year takes a few. A record of an occurrence
 * that was later changed is found through the event that overrides it.
 */
export function useEventNames(personId: string | null, period: Period | null): Map<string, CalendarEvent> {
  const pieces = useMemo(
    () =>
      personId && period
        ? splitRange(
            dateRangeInstants(period.from, period.to).from,
            dateRangeInstants(period.from, period.to).to,
            CALENDAR_RANGE_MAX_MS,
          )
        : [],
    [personId, period],
  );
  return useQueries({
    queries: pieces.map((piece) => ({
      ...calendarEventsQueryOptions({ ...piece, filter: { person: personId ?? '' } }),
      staleTime: 60_000,
    })),
    combine: byEventId,
  });
}

// Module level, so that TanStack Query reruns it only when a result changes.
function byEventId(results: readonly { data?: CalendarEvent[] }[]): Map<string, CalendarEvent> {
  const byId = new Map<string, CalendarEvent>();
  for (const result of results) {
    for (const event of result.data ?? []) {
      byId.set(event.id, event);
      if (event.overrides) byId.set(event.overrides, event);
    }
  }
  return byId;
}
