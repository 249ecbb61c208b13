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

/**
 * Absence as folk high schools count it for Lånekassen (decision 027): a school day with
 * mandatory events counts as an absence day when the student missed at least the school's
 * `absenceDayPercent` of its mandatory minutes; absence on other days counts in hours.
 * «Missed» is absent or on justified leave; the justified part is given apart as well.
 */
const daysAndHours = {
  /** School days with mandatory events and records for the student. */
  schoolDays: z.number().int().nonnegative(),
  absenceDays: z.number().int().nonnegative(),
  /** Missed hours on the days that are not absence days, to one decimal. */
  absenceHours: z.number().nonnegative(),
  /** Of the absence days, those missed wholly or mostly on justified leave. */
  justifiedDays: z.number().int().nonnegative(),
  /** Of the absence hours, those on justified leave. */
  justifiedHours: z.number().nonnegative(),
};

export const reportStudentSchema = z.object({
  studentId: z.string(),
  name: z.object({ first: z.string(), middle: z.string().optional(), last: z.string() }),
  lineIds: z.array(z.string()),
  /** Left the school by the end of the report's range («tidligere elev»); erased ones too. */
  former: z.boolean(),
  ...sums,
  ...daysAndHours,
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
  /** The school's threshold for an absence day (LeaveSettings.absenceDayPercent). */
  absenceDayPercent: z.number().int(),
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
