/**
 * Attendance (SPEC §3 attendance records, §4 effective status and tag validation, §5, §8, §9).
 * A folk high school reports each student's attendance for the school year: at least 90 % is
 * needed for Lånekassen's grant and for extra admission points, so minutes are counted exactly.
 * Decisions the SPEC leaves open are in docs/decisions/010-attendance.md.
 */
import { z } from 'zod';
import { eventIdSchema, idSchema } from './ids';
import type { FieldError } from './field-errors';
import { checkDateRange, isoDateSchema } from './dates';
import { ATTENDANCE_NOTE_MAX } from './limits';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from './attendance-status';

export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);

/** SPEC §9: a tag scan counts from 10 minutes before the start. */
export const TAG_SCAN_BUFFER_MS = 600_000;
/** A class has 20–60 students; a whole-school event a few hundred. */
export const ATTENDANCE_SHEET_MAX = 1000;

/** SPEC §5 and §8, word for word. */
export const ATTENDANCE_MESSAGES = {
  noRegistrar: 'Neither registeredBy or preliminaryBy given!',
  eventMissing: 'Event listed in attendance does not exist!',
  studentMissing: 'Student listed in attendance does not exist!',
  invalidStatus: 'Invalid status fields for AttendanceRecord',
} as const;

/** A field error for a student not in the school: a Norwegian message beside the SPEC's words. */
export function studentMissingError(path: string): FieldError {
  return {
    path,
    code: 'not-found',
    message: 'Eleven finnes ikke.',
    detail: ATTENDANCE_MESSAGES.studentMissing,
  };
}

/** The statuses a record keeps; each may be unset. */
export interface AttendanceStatuses {
  manualStatus: AttendanceStatus | null;
  preliminaryStatus: AttendanceStatus | null;
  nfcStatus: AttendanceStatus | null;
}

/**
 * SPEC §4: the manual status wins; otherwise the preliminary status applies, then the tag (nfc)
 * status, then notAttending.
 */
export function effectiveStatus(record: Partial<AttendanceStatuses> | null | undefined): AttendanceStatus {
  return record?.manualStatus ?? record?.preliminaryStatus ?? record?.nfcStatus ?? 'notAttending';
}

/**
 * SPEC §4: a scan marks attending only with the room's key of the day, from 10 minutes before
 * the event starts until it ends, both ends included (start − 600 000 ms ≤ t ≤ end); otherwise
 * the result is none (undefined).
 */
export function tagScanStatus(
  scan: { key: string; at: number },
  room: { keyOfTheDay: string | null },
  event: { start: number; end: number },
): 'attending' | undefined {
  if (room.keyOfTheDay === null || scan.key !== room.keyOfTheDay) return undefined;
  if (scan.at < event.start - TAG_SCAN_BUFFER_MS || scan.at > event.end) return undefined;
  return 'attending';
}

/** SPEC §3: the id of a record is `eventId-studentId`. */
export function attendanceId(eventId: string, studentId: string): string {
  return `${eventId}-${studentId}`;
}

export const attendanceRecordSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  studentId: z.string(),
  /** Minutes; what the event counts for in reports. */
  eventDuration: z.number().int().nonnegative(),
  eventStart: z.string(),
  /** Only mandatory events count towards the 90 % (ATTENDANCE_REQUIRED_SHARE). */
  eventMandatory: z.boolean(),
  note: z.string().nullable(),
  registeredBy: z.string().nullable(),
  preliminaryBy: z.string().nullable(),
  /** The effective status (SPEC §4), stored so that reports can sum it. */
  status: attendanceStatusSchema,
  nfcStatus: attendanceStatusSchema.nullable(),
  preliminaryStatus: attendanceStatusSchema.nullable(),
  manualStatus: attendanceStatusSchema.nullable(),
  updatedAt: z.string(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/**
 * A record as a sheet's row carries it: what was registered and by whom. The row names the
 * student and carries the effective status, and the sheet names the event; the event's start,
 * length and whether it is mandatory are the event's, the same on every row. Repeated on each
 * of 60 rows they were more than half of a sheet's bytes, and a sheet is made anew after every
 * save and scan (decision 031).
 */
export const sheetRecordSchema = attendanceRecordSchema.pick({
  note: true,
  registeredBy: true,
  preliminaryBy: true,
  nfcStatus: true,
  preliminaryStatus: true,
  manualStatus: true,
});
export type SheetRecord = z.infer<typeof sheetRecordSchema>;

/** One row of a sheet: a student expected at the event, with what is known of them. */
export const attendanceSheetRowSchema = z.object({
  studentId: z.string(),
  record: sheetRecordSchema.nullable(),
  /** Absence registered in advance for this event or the whole day. */
  preliminary: z
    .object({ status: attendanceStatusSchema, note: z.string().nullable(), by: z.string().nullable() })
    .nullable(),
  status: attendanceStatusSchema,
});
export type AttendanceSheetRow = z.infer<typeof attendanceSheetRowSchema>;

/** What the asking user may do with a sheet: sheetPoliciesOf() in policies/attendance.ts. */
export const sheetPoliciesSchema = z.object({ change: z.boolean() });
export type SheetPolicies = z.infer<typeof sheetPoliciesSchema>;

/** Whether someone named on a sheet has left the school, as a student (no roles) or as staff. */
export const FORMER_KINDS = ['student', 'staff'] as const;
export type FormerKind = (typeof FORMER_KINDS)[number];

/** The names a sheet shows, so that showing it needs no list of the school beside it. */
export const attendanceSheetNamesSchema = z.object({
  /**
   * Everyone the sheet names: the students of its rows, who saved it, who registered each record
   * and its absence in advance. Short full names; `former` says whether they have left the school.
   */
  people: z.record(z.string(), z.object({ name: z.string(), former: z.enum(FORMER_KINDS).nullable() })),
  /** The event's room; null when it has none or its id is no longer known. */
  room: z.string().nullable(),
  /** The lines, electives and groups attending, in the event's order (null: not known); none: the whole school. */
  attendees: z.array(z.string().nullable()),
});
export type AttendanceSheetNames = z.infer<typeof attendanceSheetNamesSchema>;

export const attendanceSheetSchema = z.object({
  eventId: z.string(),
  /** Who last saved the sheet, and when (SPEC §7 eventAttendRegs). */
  registration: z.object({ registeredBy: z.string().nullable(), date: z.string() }).nullable(),
  rows: z.array(attendanceSheetRowSchema),
  policies: sheetPoliciesSchema,
  names: attendanceSheetNamesSchema,
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;

/** PUT of a sheet: every student listed, with the status the teacher set. */
export const attendanceSheetInputSchema = z.object({
  records: z
    .array(
      z.object({
        studentId: idSchema,
        manualStatus: attendanceStatusSchema.nullable(),
        note: z.string().trim().max(ATTENDANCE_NOTE_MAX).nullable().default(null),
      }),
    )
    .max(ATTENDANCE_SHEET_MAX),
  /**
   * The `registration.date` of the sheet the teacher edited, null when it had not been saved. A
   * save queued offline may reach the server after someone else's: when the sheet has been saved
   * since, the save is refused ('sheet-changed') rather than overwriting the newer one. Left out,
   * nothing is checked (API users that mean to write the sheet as it is).
   */
  basedOn: z.string().max(64).nullable().optional(),
});
export type AttendanceSheetInput = z.input<typeof attendanceSheetInputSchema>;

/** Absence registered in advance for one event. */
export const preliminaryInputSchema = z.object({
  eventId: eventIdSchema,
  studentId: idSchema,
  preliminaryStatus: attendanceStatusSchema,
  note: z.string().trim().max(ATTENDANCE_NOTE_MAX).nullable().default(null),
});
export type PreliminaryInput = z.input<typeof preliminaryInputSchema>;

/** Absence registered in advance for a whole day (SPEC §3 daily preliminary attendance). */
export const preliminaryDayInputSchema = z.object({
  date: isoDateSchema,
  studentId: idSchema,
  preliminaryStatus: attendanceStatusSchema,
  note: z.string().trim().max(ATTENDANCE_NOTE_MAX).nullable().default(null),
});
export type PreliminaryDayInput = z.input<typeof preliminaryDayInputSchema>;

/** A range of school dates (YYYY-MM-DD, both days included), a school year at most. */
export const dateRangeQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .superRefine((range, ctx) => checkDateRange(range, ctx));

export const preliminaryListSchema = z.object({
  events: z.array(
    z.object({
      eventId: z.string(),
      studentId: z.string(),
      eventStart: z.string(),
      preliminaryStatus: attendanceStatusSchema,
      note: z.string().nullable(),
      preliminaryBy: z.string().nullable(),
    }),
  ),
  days: z.array(
    z.object({
      date: z.string(),
      studentId: z.string(),
      preliminaryStatus: attendanceStatusSchema,
      note: z.string().nullable(),
      preliminaryBy: z.string().nullable(),
    }),
  ),
});
export type PreliminaryList = z.infer<typeof preliminaryListSchema>;

/** A scholar's proposed attendance for an event (SPEC §3 proposed attendance, §6 Proposals). */
export const proposalSchema = z.object({
  eventId: z.string(),
  registeredBy: z.string().nullable(),
  date: z.string(),
  /** pending until an approver decides; approved ones are copied into attendance. */
  state: z.enum(['pending', 'approved', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  eventStart: z.string().nullable(),
  records: z.array(
    z.object({
      studentId: z.string(),
      manualStatus: attendanceStatusSchema.nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalListQuerySchema = z.object({
  state: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
});

/** What the audit keeps of a record before and after a change. */
const auditedRecordSchema = z
  .object({
    status: attendanceStatusSchema,
    manualStatus: attendanceStatusSchema.nullable(),
    nfcStatus: attendanceStatusSchema.nullable(),
    preliminaryStatus: attendanceStatusSchema.nullable(),
    note: z.string().nullable(),
    registeredBy: z.string().nullable(),
  })
  .partial();

/** Every change of a record: who, when, what it was and what it became (issue 5 §9). */
export const attendanceHistorySchema = z.array(
  z.object({
    at: z.string(),
    actorPersonId: z.string().nullable(),
    action: z.string(),
    before: auditedRecordSchema.nullable(),
    after: auditedRecordSchema.nullable(),
  }),
);
export type AttendanceHistory = z.infer<typeof attendanceHistorySchema>;
