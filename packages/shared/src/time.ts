/**
 * The school's calendar: dates (YYYY-MM-DD) are days at the school, in Europe/Oslo, whatever
 * the zone of the server or the device. The one home of the school's zone, date arithmetic,
 * school dates as instants and the ISO week; free of React and of the server, so every page
 * and every module can use it. The school year is in ./school-year.
 */
import { tzOffset } from '@date-fns/tz';

// Here too, where most callers look for it; its own module is free of the time-zone library.
export { isIsoDate } from './iso-date';

export const SCHOOL_TIME_ZONE = 'Europe/Oslo';

const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date-time formatter in the school's zone (an option may name another), made once per
 * locale and options: building one costs far more than formatting with it.
 */
export function schoolDateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: SCHOOL_TIME_ZONE, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A formatter in the school's zone, made the first time it is used rather than as its module
 * loads: the first formatter with a time zone loads the zone's data (about 40 ms on a slow
 * phone), and a page that never formats a date (/login) should not pay for it.
 */
export function schoolDateTimeFormatOnFirstUse(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= schoolDateTimeFormat(locale, options));
}

// Swedish writes dates as ISO (YYYY-MM-DD), so Intl gives the school's date without a library.
const schoolDateFormat = schoolDateTimeFormatOnFirstUse('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The school's zone has had whole-hour offsets since 1895, so from 1970 on a school day begins on
 * a whole hour (UTC) and all instants of an hour share their date. Formatting a date with Intl
 * takes microseconds, and a sheet or a week works out the same few dates again and again.
 */
const HOUR_MS = 60 * 60 * 1000;
const DATES_KEPT = 512;
const datesByHour = new Map<number, string>();

/** The date at the school at the given instant (now by default), as YYYY-MM-DD. */
export function todayInSchoolZone(now: Date = new Date()): string {
  const time = now.getTime();
  // Before 1970, or not a date at all (Intl throws, as it always has): formatted each time.
  if (!(time >= 0)) return schoolDateFormat().format(now);
  const hour = Math.floor(time / HOUR_MS);
  let date = datesByHour.get(hour);
  if (date === undefined) {
    date = schoolDateFormat().format(now);
    if (datesByHour.size >= DATES_KEPT) datesByHour.clear();
    datesByHour.set(hour, date);
  }
  return date;
}

/** Y-M-D of a school date, as numbers. */
function dateParts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/** The school date `days` days after (or, negative, before) a date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one date to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = dateParts(from);
  const [ty, tm, td] = dateParts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS);
}

/** Days from one date to the other, both included (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** The day of the week of a date, Monday first (SPEC §9): 0 is Monday, 6 is Sunday. */
export function weekDayIndex(date: string): number {
  const [y, m, d] = dateParts(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday of the ISO week that holds a date. */
export function mondayOf(date: string): string {
  return addDays(date, -weekDayIndex(date));
}

/** ISO 8601 week of a date: week 1 holds the year's first Thursday; the week's year is its Thursday's. */
export function isoWeekOf(date: string): { year: number; week: number } {
  const monday = mondayOf(date);
  const year = Number(addDays(monday, 3).slice(0, 4));
  return { year, week: daysBetween(mondayOf(`${year}-01-04`), monday) / 7 + 1 };
}

/** ISO 8601 week of a date, as '2026-W47'. */
export function isoWeekLabel(date: string): string {
  const { year, week } = isoWeekOf(date);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The instant of a wall-clock time (HH:mm) on a school date. The zone's offset is looked up at
 * the naive instant and then at the corrected one, which settles on the right side of a change;
 * a time that does not exist (02:30 on the last Sunday of March) moves an hour forward.
 */
export function schoolTimeToInstant(date: string, time: string): number {
  const [y, m, d] = dateParts(date);
  const naive = Date.UTC(y, m - 1, d, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  const guess = naive - tzOffset(SCHOOL_TIME_ZONE, new Date(naive)) * 60_000;
  return naive - tzOffset(SCHOOL_TIME_ZONE, new Date(guess)) * 60_000;
}

/** The first instant of a school day (midnight at the school), ms since the epoch. */
export function schoolDayStart(date: string): number {
  return schoolTimeToInstant(date, '00:00');
}

/**
 * School dates as instants, as stored (ISO-8601 in UTC): from the first day's midnight to the
 * midnight after the last day. A day is 23 or 25 hours on the days the clocks change.
 */
export function schoolDatesToInstants(from: string, to: string): { from: string; to: string } {
  return {
    from: new Date(schoolDayStart(from)).toISOString(),
    to: new Date(schoolDayStart(addDays(to, 1))).toISOString(),
  };
}

// The time hint of SPEC §4.

export type TimeHint =
  { kind: 'now' } | { kind: 'until'; unit: 'seconds' | 'minutes' | 'hours' | 'days'; value: number };

/**
 * Empty (undefined) once the event has ended, 'nå' while it goes on, otherwise about how long
 * until it starts, in the largest unit that is at least one.
 */
export function eventTimeHint(start: number, end: number, now: number): TimeHint | undefined {
  if (now >= end) return undefined;
  if (now >= start) return { kind: 'now' };
  const seconds = Math.max(1, Math.round((start - now) / 1000));
  if (seconds < 60) return { kind: 'until', unit: 'seconds', value: seconds };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { kind: 'until', unit: 'minutes', value: minutes };
  const hours = Math.round(minutes / 60);
  if (hours < 24) return { kind: 'until', unit: 'hours', value: hours };
  return { kind: 'until', unit: 'days', value: Math.round(hours / 24) };
}
