import type { CalendarEvent } from '@tun/shared/calendar';
import { schoolDateTimeFormat as format } from '@tun/shared/time';
import { localeTag } from '../../../lib/dates';

/** "mandag 23. november 08:30–10:00" (both dates when it ends on another day): Intl says it best. */
export function eventRange(
  event: Pick<CalendarEvent, 'start' | 'end'>,
  language: string | undefined,
): string {
  return format(localeTag(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).formatRange(new Date(event.start), new Date(event.end));
}

/** "08:30–10:00": for a list of one day's events. */
export function eventTimes(
  event: Pick<CalendarEvent, 'start' | 'end'>,
  language: string | undefined,
): string {
  return format(localeTag(language), { hour: '2-digit', minute: '2-digit' }).formatRange(
    new Date(event.start),
    new Date(event.end),
  );
}

/** "man. 23.11.2026, 08:30": a record's event when its name is not known. */
export function eventStart(start: string, language: string | undefined): string {
  return format(localeTag(language), {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(start));
}
