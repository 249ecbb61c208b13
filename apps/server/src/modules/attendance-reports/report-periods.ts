/**
 * The periods of an attendance report: the ISO weeks of a range and the instants that bound
 * them (the school year is the shared `schoolYearOf`). Dates are days at the school (Europe/Oslo); a range of
 * dates runs from the first day's midnight to the midnight after the last day.
 */
import { DATE_RANGE_DAYS_MAX, schoolTimeToInstant } from '@tun/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

function dateParts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

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

/** The Monday of the ISO week that holds a date. */
export function mondayOf(date: string): string {
  const [y, m, d] = dateParts(date);
  const weekDay = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekDay);
}

/** ISO 8601 week of a date, as '2026-W47' (the week's year is the year of its Thursday). */
export function isoWeekLabel(date: string): string {
  const thursday = addDays(mondayOf(date), 3);
  const year = Number(thursday.slice(0, 4));
  const firstMonday = mondayOf(`${year}-01-04`);
  const week = daysBetween(firstMonday, mondayOf(date)) / 7 + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The first instant of a school day (midnight in Oslo), as stored: ISO-8601 in UTC. */
export function startOfDayIso(date: string): string {
  return new Date(schoolTimeToInstant(date, '00:00')).toISOString();
}

export interface ReportWeek {
  /** '2026-W47'. */
  week: string;
  /** The Monday, YYYY-MM-DD. */
  monday: string;
  /** Midnight of that Monday at the school, ms since the epoch. */
  startMs: number;
}

/** More weeks than the longest range a request may name: a guard behind the schemas' bounds. */
const WEEKS_MAX = Math.ceil(DATE_RANGE_DAYS_MAX / 7) + 1;

/**
 * Every ISO week that overlaps the dates from..to (both included), in order. Counted, not
 * compared as text: past year 9999 a date no longer sorts as text, and the loop would not end.
 */
export function weeksOfRange(from: string, to: string): ReportWeek[] {
  const first = mondayOf(from);
  const count = Math.max(0, Math.floor(daysBetween(first, to) / 7) + 1);
  if (!(count <= WEEKS_MAX)) throw new RangeError(`A report cannot cover ${from}..${to}`);
  const weeks: ReportWeek[] = [];
  for (let index = 0; index < count; index++) {
    const monday = addDays(first, index * 7);
    weeks.push({ week: isoWeekLabel(monday), monday, startMs: schoolTimeToInstant(monday, '00:00') });
  }
  return weeks;
}

/** The index of the week an instant falls in (weeks sorted, the instant not before the first). */
export function weekIndexOf(weeks: readonly ReportWeek[], instant: number): number {
  let low = 0;
  let high = weeks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (weeks[middle]!.startMs <= instant) low = middle;
    else high = middle - 1;
  }
  return low;
}
