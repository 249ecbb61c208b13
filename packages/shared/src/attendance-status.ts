/**
 * The attendance statuses and the share of minutes attended (SPEC §3, §9): the rules a page that
 * shows attendance needs, apart from the request schemas in ./attendance. Without zod, so the
 * attendance sheet loads no schema library (docs/decisions/028-first-load.md).
 */
import { ATTENDANCE_REQUIRED_SHARE } from './limits';

/** SPEC §3: each status is null or one of these. */
export const ATTENDANCE_STATUSES = ['notAttending', 'attending', 'justifiedLeave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

// Whole per mille, so that 89.95 % is never shown as 90.0 % beside an «under 90 %» flag.
const REQUIRED_PER_MILLE = Math.round(ATTENDANCE_REQUIRED_SHARE * 1000);

/**
 * Attended of expected minutes in per cent, rounded down to one decimal, and whether it is below
 * the 90 % (justified leave is in the expected minutes: docs/decisions/010-attendance.md).
 */
export function attendancePercent(
  attended: number,
  expected: number,
): { percent: number | null; below: boolean } {
  if (expected <= 0) return { percent: null, below: false };
  const perMille = Math.floor((attended * 1000) / expected);
  return { percent: perMille / 10, below: perMille < REQUIRED_PER_MILLE };
}
