/**
 * Days and ranges at the school (Europe/Oslo) for the attendance page: today's events, whole
 * days of absence registered in advance. Dates are YYYY-MM-DD school dates; the school year is
 * the shared `schoolYearOf` (decision 012).
 */
import { addDays, isIsoDate, schoolDatesToInstants } from '@tun/shared/time';

/** One school day (23 or 25 hours on the days the clocks change). */
export function dayInstants(date: string): { from: string; to: string } {
  return schoolDatesToInstants(date, date);
}

/** A range a person typed is usable when both are dates and it does not end before it starts. */
export function isDateRange(from: string, to: string): boolean {
  return isIsoDate(from) && isIsoDate(to) && from <= to;
}

/**
 * Every date from `from` to `to`, both included; null when the range is not valid or longer
 * than `max` days (absence for more than a term is a matter for the office, not this form).
 */
export function datesBetween(from: string, to: string, max: number): string[] | null {
  if (!isDateRange(from, to)) return null;
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (dates.length >= max) return null;
    dates.push(date);
  }
  return dates;
}

/**
 * A range of instants in pieces no longer than `maxMs`: the calendar answers at most 100 days
 * per request, and a school year is longer.
 */
export function splitRange(from: string, to: string, maxMs: number): { from: string; to: string }[] {
  const end = Date.parse(to);
  const pieces: { from: string; to: string }[] = [];
  for (let start = Date.parse(from); start < end; start += maxMs) {
    pieces.push({
      from: new Date(start).toISOString(),
      to: new Date(Math.min(start + maxMs, end)).toISOString(),
    });
  }
  return pieces;
}
