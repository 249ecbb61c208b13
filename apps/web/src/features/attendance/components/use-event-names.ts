import { useQueries } from '@tanstack/react-query';
import type { CalendarEvent } from '@tun/shared/calendar';
import { CALENDAR_RANGE_MAX_MS } from '@tun/shared/limits';
import { schoolDatesToInstants } from '@tun/shared/time';
import { useMemo } from 'react';
import { calendarEventsQueryOptions } from '../../../entities/calendar/get-calendar-events';
import { splitRange } from '../model/attendance-dates';
import type { Period } from './period-fields';

/**
 * The events of a person over a period, by id, to name the events of their records. The calendar
 * answers at most 100 days per request, so a school year takes a few. A record of an occurrence
 * that was later changed is found through the event that overrides it.
 */
export function useEventNames(personId: string | null, period: Period | null): Map<string, CalendarEvent> {
  const pieces = useMemo(() => {
    if (!personId || !period) return [];
    const range = schoolDatesToInstants(period.from, period.to);
    return splitRange(range.from, range.to, CALENDAR_RANGE_MAX_MS);
  }, [personId, period]);
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
