/**
 * Every attendance key starts with 'attendance': the live topic 'attendance' (a tag scan, another
 * teacher saving) refreshes them; 'preliminaryAbsence' (absence registered in advance, which
 * students do not hear of) refreshes the sheets and the lists of absence in advance.
 */
export const attendanceQueryKey = ['attendance'] as const;

/** A range of school dates (YYYY-MM-DD, both included). */
export interface DateRange {
  from: string;
  to: string;
}
