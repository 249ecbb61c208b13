/** The periods of the report page; the server answers with the same default. */
import { isIsoDate } from '@tun/shared/time';

/** At most a year per report, as the server allows. */
export const REPORT_DAYS_MAX = 366;

/** The school year that holds a day: 1 August to 30 June; July goes with the year just ended. */
export function schoolYearAround(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const start = Number(today.slice(5, 7)) >= 8 ? year : year - 1;
  return { from: `${start}-08-01`, to: `${start + 1}-06-30` };
}

export type PeriodProblem = 'missing' | 'order' | 'tooLong';

/** What is wrong with a period typed in the form, if anything. */
export function periodProblem(from: string, to: string): PeriodProblem | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'missing';
  if (to < from) return 'order';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > REPORT_DAYS_MAX ? 'tooLong' : null;
}

/** "2026-W47" → 47. */
export function weekNumber(week: string): number {
  return Number(week.slice(week.indexOf('W') + 1));
}
