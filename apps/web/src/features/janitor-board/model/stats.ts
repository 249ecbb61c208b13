/** The statistics tab's period and rows, free of React. */
import { DATE_RANGE_DAYS_MAX } from '@tun/shared/limits';
import { addDays, daysBetween, isIsoDate, todayInSchoolZone } from '@tun/shared/time';
import { CASE_CATEGORIES, type CaseCategory, type CaseStats } from '@tun/shared/maintenance';

export interface Period {
  from: string;
  to: string;
}

/** The last 90 days, today included. */
export function defaultPeriod(today: string = todayInSchoolZone()): Period {
  return { from: addDays(today, -89), to: today };
}

export type PeriodProblem = 'invalid' | 'reversed' | 'tooLong';

export function periodProblem({ from, to }: Period): PeriodProblem | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'invalid';
  if (to < from) return 'reversed';
  if (daysBetween(from, to) + 1 > DATE_RANGE_DAYS_MAX) return 'tooLong';
  return null;
}

export interface CategoryRow {
  category: CaseCategory;
  open: number;
  reported: number;
  solved: number;
  medianHoursToSolve: number | null;
}

/** One row per category, in the catalog's order, with the open count of now beside the period's. */
export function categoryRows(stats: CaseStats): CategoryRow[] {
  return CASE_CATEGORIES.map((category) => {
    const period = stats.byCategory.find((row) => row.category === category);
    return {
      category,
      open: stats.openByCategory.find((row) => row.category === category)?.count ?? 0,
      reported: period?.reported ?? 0,
      solved: period?.solved ?? 0,
      medianHoursToSolve: period?.medianHoursToSolve ?? null,
    };
  });
}

/** A bar's share of the longest, in percent; an empty chart has no bars. */
export function barPercent(count: number, max: number): number {
  return max <= 0 ? 0 : Math.round((count / max) * 100);
}
