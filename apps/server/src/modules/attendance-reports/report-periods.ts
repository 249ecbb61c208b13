/**
 * The periods of an attendance report: the ISO weeks of a range. Dates, weeks and the school
 * year are the shared school calendar's (`@tun/shared/time`, `schoolYearOf`).
 */
import { addDays, DATE_RANGE_DAYS_MAX, daysBetween, isoWeekLabel, mondayOf } from '@tun/shared';

export interface ReportWeek {
  /** '2026-W47'. */
  week: string;
  /** The Monday, YYYY-MM-DD. */
  monday: string;
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
    weeks.push({ week: isoWeekLabel(monday), monday });
  }
  return weeks;
}

/** The index of the week a school date falls in (the weeks of a range that holds the date). */
export function weekIndexOf(weeks: readonly ReportWeek[], date: string): number {
  return Math.floor(daysBetween(weeks[0]!.monday, date) / 7);
}
