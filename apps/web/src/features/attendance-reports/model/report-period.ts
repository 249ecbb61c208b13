/** The periods of the report page; the server answers with the same default (`schoolYearOf`). */
import { DATE_RANGE_DAYS_MAX } from '@tun/shared/limits';
import { daysInRange, isIsoDate } from '@tun/shared/time';

export type PeriodProblem = 'missing' | 'order' | 'tooLong';

/** What is wrong with a period typed in the form, if anything. */
export function periodProblem(from: string, to: string): PeriodProblem | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'missing';
  if (to < from) return 'order';
  return daysInRange(from, to) > DATE_RANGE_DAYS_MAX ? 'tooLong' : null;
}

/** "2026-W47" → 47. */
export function weekNumber(week: string): number {
  return Number(week.slice(week.indexOf('W') + 1));
}
