/**
 * The answers of the report endpoints, as the server's zod schemas give them
 * (apps/server/src/modules/attendance-reports/attendance-reports.schemas.ts).
 */

/** Minutes of mandatory events in a period, by effective status. */
export interface MinuteSums {
  expectedMinutes: number;
  attendedMinutes: number;
  justifiedMinutes: number;
  absentMinutes: number;
  /** Attended of expected in per cent, rounded down to one decimal; null when nothing was expected. */
  percent: number | null;
  /** Under the 90 % the school year needs. */
  below: boolean;
}

export interface ReportStudent extends MinuteSums {
  studentId: string;
  name: { first: string; middle?: string; last: string };
  lineIds: string[];
  /** Left the school by the end of the range («tidligere elev»). */
  former: boolean;
}

export interface ReportLine extends MinuteSums {
  lineId: string;
  name: string;
  studentCount: number;
}

export interface ReportWeek {
  /** '2026-W47'. */
  week: string;
  /** Its Monday, YYYY-MM-DD. */
  monday: string;
  expectedMinutes: number;
  attendedMinutes: number;
  percent: number | null;
}

export interface AttendanceReport {
  from: string;
  to: string;
  lineId: string | null;
  students: ReportStudent[];
  lines: ReportLine[];
  weeks: ReportWeek[];
}

export interface MyAttendanceSummary extends MinuteSums {
  from: string;
  to: string;
  /** The last eight weeks, this one last. */
  weeks: ReportWeek[];
}
