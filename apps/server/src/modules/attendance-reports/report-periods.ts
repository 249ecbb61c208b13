/**
 * The periods of an attendance report: the ISO weeks of a range and the instants that bound
 * them. Dates, weeks and the school year are the shared school calendar's (`@tun/shared/time`,
 * `schoolYearOf`).
 */
import {
  addDays,
  DATE_RANGE_DAYS_MAX,
  daysBetween,
  isoWeekLabel,
  mondayOf,
  schoolDayStart,
} from '@tun/shared';

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
    weeks.push({ week: isoWeekLabel(monday), monday, startMs: schoolDayStart(monday) });
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
