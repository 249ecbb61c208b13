import type { CalendarEvent } from '@tun/shared/calendar';
import { todayInSchoolZone } from '@tun/shared/time';

export interface EventOptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/**
 * A month of a student's events for a picker: grouped by school day, in time order, so that
 * «Linjefag» on Tuesday is found under Tuesday rather than among thirty others of that name.
 */
export function eventOptionGroups(
  events: readonly CalendarEvent[],
  label: (event: CalendarEvent) => string,
  dayLabel: (date: string) => string,
): EventOptionGroup[] {
  const byDay = new Map<string, CalendarEvent[]>();
  const sorted = events
    .slice()
    .sort(
      (a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
  for (const event of sorted) {
    const date = todayInSchoolZone(new Date(event.start));
    const list = byDay.get(date);
    if (list) list.push(event);
    else byDay.set(date, [event]);
  }
  return [...byDay].map(([date, list]) => ({
    group: dayLabel(date),
    items: list.map((event) => ({ value: event.id, label: label(event) })),
  }));
}
