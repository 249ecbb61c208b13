import { schoolDateTimeFormat } from '@tun/shared/time';
import { localeTag } from '../../../lib/dates';

function format(language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return schoolDateTimeFormat(localeTag(language), options);
}

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * "man. 23. nov., 09:00–11:30": when an event is, at the school. Without an end (the event is
 * gone and only its stored start is known) just the start.
 */
export function eventWhen(start: string, end: string | null, language: string | undefined): string {
  const formatter = format(language, WHEN);
  return end ? formatter.formatRange(new Date(start), new Date(end)) : formatter.format(new Date(start));
}

/** "09:00–11:30": an event in a list of one day's events. */
export function eventTimes(start: string, end: string, language: string | undefined): string {
  return format(language, { hour: '2-digit', minute: '2-digit' }).formatRange(new Date(start), new Date(end));
}

/** "mandag 23. november": a day to pick. */
export function dayLabel(date: string, language: string | undefined): string {
  // Noon UTC is the same date in Oslo all year round.
  return format(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** "23.11.2026, 14:05": when a proposal was sent or decided. */
export function sentAt(instant: string, language: string | undefined): string {
  return format(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(instant));
}
