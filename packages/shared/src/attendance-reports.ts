/**
 * The attendance reports (issue 5 §8) as the API asks for and answers them: the server checks
 * its answers against these schemas and the web app infers its types from them.
 */
import { z } from 'zod';
import { isoDateSchema } from './dates';
import { idSchema } from './ids';

export const reportQuerySchema = z.object({
  /** First day, YYYY-MM-DD at the school; default the first day of the school year. */
  from: isoDateSchema.optional(),
  /** Last day, included; default the last day of the school year. */
  to: isoDateSchema.optional(),
  /** Only the members of this line. */
  line: idSchema.optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Minutes of mandatory events in a period, by effective status. */
const sums = {
  expectedMinutes: z.number().int().nonnegative(),
  attendedMinutes: z.number().int().nonnegative(),
  justifiedMinutes: z.number().int().nonnegative(),
  absentMinutes: z.number().int().nonnegative(),
  /** Attended of expected, in per cent, rounded down to one decimal; null when nothing was expected. */
  percent: z.number().nullable(),
  /** Under the 90 % a school year needs (ATTENDANCE_REQUIRED_SHARE). */
  below: z.boolean(),
};

export const reportStudentSchema = z.object({
  studentId: z.string(),
  name: z.object({ first: z.string(), middle: z.string().optional(), last: z.string() }),
  lineIds: z.array(z.string()),
  /** Left the school by the end of the report's range («tidligere elev»); erased ones too. */
  former: z.boolean(),
  ...sums,
});
export type ReportStudent = z.infer<typeof reportStudentSchema>;

export const reportLineSchema = z.object({
  lineId: z.string(),
  name: z.string(),
  /** Members counted (the line's members). */
  studentCount: z.number().int().nonnegative(),
  ...sums,
});
export type ReportLine = z.infer<typeof reportLineSchema>;

export const reportWeekSchema = z.object({
  /** ISO week, '2026-W47'. */
  week: z.string(),
  /** Its Monday, YYYY-MM-DD. */
  monday: z.string(),
  expectedMinutes: z.number().int().nonnegative(),
  attendedMinutes: z.number().int().nonnegative(),
  percent: z.number().nullable(),
});
export type ReportWeekSums = z.infer<typeof reportWeekSchema>;

export const attendanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  lineId: z.string().nullable(),
  students: z.array(reportStudentSchema),
  lines: z.array(reportLineSchema),
  weeks: z.array(reportWeekSchema),
});
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;

export const mySummarySchema = z.object({
  /** The school year around today. */
  from: z.string(),
  to: z.string(),
  ...sums,
  /** The last 8 ISO weeks, this one included, oldest first. */
  weeks: z.array(reportWeekSchema),
});
export type MyAttendanceSummary = z.infer<typeof mySummarySchema>;
