/**
 * Leave (permisjon) and the house tonight (issue 18, docs/decisions/027-leave-and-the-house.md):
 * a student or scholar applies for leave, a teacher or an admin approves it, and the approved
 * leave is absence registered in advance for every event in its period, lowers the kitchen's
 * counts, and takes the student off tonight's house list when they sleep away. The server and
 * the web app read their shapes and numbers from here.
 */
import { z } from 'zod';
import { instantSchema } from './dates';
import { idSchema } from './ids';
import { phoneSchema } from './contact';
import { personNameSchema } from './people';

/** hjemreise, lege/sykehus, skolerelatert, annet. */
export const LEAVE_CATEGORIES = ['home', 'medical', 'school', 'other'] as const;
export type LeaveCategory = (typeof LEAVE_CATEGORIES)[number];

/** The categories' names where a text must not depend on the UI language (the sheet's note). */
export const LEAVE_CATEGORY_LABELS_NB: Record<LeaveCategory, string> = {
  home: 'Hjemreise',
  medical: 'Lege/sykehus',
  school: 'Skolerelatert',
  other: 'Annet',
};

/** Søkt → Godkjent / Avslått; the applicant (or an approver) may withdraw it («Trukket»). */
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** Who approves a school's leave: the teachers of the student's line, any teacher, or admins only. */
export const LEAVE_APPROVERS = ['contactTeacher', 'anyTeacher', 'admin'] as const;
export type LeaveApprovers = (typeof LEAVE_APPROVERS)[number];

export const LEAVE_REASON_MAX = 1000;
export const LEAVE_COMMENT_MAX = 1000;
/** The longest leave one application covers; a longer absence is a matter for the office. */
export const LEAVE_DAYS_MAX = 62;
export const LEAVE_LIST_MAX = 500;

/**
 * The share a student is warned at (to them and their contact teachers): some room left before
 * the 90 % Lånekassen asks for (ATTENDANCE_REQUIRED_SHARE).
 */
export const ATTENDANCE_WARNING_PERCENT = 93;

// --- Applying ---------------------------------------------------------------------------------

const leavePeriodShape = {
  /** Instants; the form asks for a date and a time at the school. */
  start: instantSchema,
  end: instantSchema,
};

function periodIsValid(period: { start: string; end: string }, ctx: z.RefinementCtx) {
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  if (end <= start) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'Slutten må være etter starten.' });
  } else if (end - start > LEAVE_DAYS_MAX * 24 * 60 * 60 * 1000) {
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: `En permisjon kan vare høyst ${LEAVE_DAYS_MAX} dager.`,
    });
  }
}

/** POST /api/v1/leave (leave:apply, own): a student or scholar applies for themselves. */
export const leaveInputSchema = z
  .object({
    ...leavePeriodShape,
    category: z.enum(LEAVE_CATEGORIES),
    reason: z.string().trim().min(1).max(LEAVE_REASON_MAX),
    /** Whether they sleep away from the house (a night away takes them off the house list). */
    sleepsAway: z.boolean(),
    /** A phone that reaches them while away; none when it is their own. */
    phone: phoneSchema.nullable().default(null),
  })
  .superRefine(periodIsValid);
export type LeaveInput = z.input<typeof leaveInputSchema>;

/** PUT /api/v1/leave/:id/period (leave:approve): shorten or move an application or a leave. */
export const leavePeriodSchema = z.object(leavePeriodShape).superRefine(periodIsValid);
export type LeavePeriod = z.infer<typeof leavePeriodSchema>;

/** POST /api/v1/leave/:id/decision (leave:approve): only a pending application is decided. */
export const leaveDecisionSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  comment: z.string().trim().max(LEAVE_COMMENT_MAX).default(''),
});
export type LeaveDecisionInput = z.input<typeof leaveDecisionSchema>;

// --- Reading ----------------------------------------------------------------------------------

export const leaveQuerySchema = z.object({
  status: z.enum(LEAVE_STATUSES).optional(),
  /** Leave overlapping this range of instants (default: all, newest first, up to LEAVE_LIST_MAX). */
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  studentId: idSchema.optional(),
});
export type LeaveQuery = z.infer<typeof leaveQuerySchema>;

/** What the reader may do with an application (authorize after load; policies in the answer). */
export const leavePoliciesSchema = z.object({
  /** Edit the application (the applicant, while it is pending). */
  edit: z.boolean(),
  /** Approve or reject it: an approver under the school's setting, while it is pending. */
  decide: z.boolean(),
  /**
   * Shorten or move it (`PUT /leave/:id/period`): an approver, while it is pending or approved.
   * Optional for older answers; the server always sends it.
   */
  changePeriod: z.boolean().optional(),
  /** Withdraw it (the applicant, or an approver). */
  withdraw: z.boolean(),
});
export type LeavePolicies = z.infer<typeof leavePoliciesSchema>;

export const leaveSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: personNameSchema,
  /** The student's lines (for the approver's list). */
  lineIds: z.array(z.string()),
  start: z.string(),
  end: z.string(),
  category: z.enum(LEAVE_CATEGORIES),
  reason: z.string(),
  sleepsAway: z.boolean(),
  phone: z.string().nullable(),
  status: z.enum(LEAVE_STATUSES),
  /** Counts as valid leave (gyldig fravær) under the school's setting for its category. */
  justified: z.boolean(),
  createdAt: z.string(),
  /** Who approved, rejected or withdrew it, and when; null while pending or once erased. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string(),
  policies: leavePoliciesSchema,
});
export type Leave = z.infer<typeof leaveSchema>;

export const leaveListSchema = z.object({ leaves: z.array(leaveSchema) });
export type LeaveList = z.infer<typeof leaveListSchema>;

// --- The school's settings --------------------------------------------------------------------

/** GET/PUT /api/v1/leave/settings: the school's rules (decision 027). */
export const leaveSettingsSchema = z.object({
  approvers: z.enum(LEAVE_APPROVERS),
  /** Per category: true = gyldig fravær (justifiedLeave), false = fravær (notAttending). */
  justified: z.object({
    home: z.boolean(),
    medical: z.boolean(),
    school: z.boolean(),
    other: z.boolean(),
  }),
  /**
   * A school day counts as an absence day (fraværsdag) when the student missed at least this
   * share of the day's mandatory minutes; shorter absence counts in hours (decision 027).
   */
  absenceDayPercent: z.number().int().min(1).max(100),
});
export type LeaveSettings = z.infer<typeof leaveSettingsSchema>;

export const DEFAULT_LEAVE_SETTINGS: LeaveSettings = {
  approvers: 'contactTeacher',
  justified: { home: true, medical: true, school: true, other: true },
  absenceDayPercent: 50,
};

// --- The house tonight ------------------------------------------------------------------------

export const HOUSE_CHECKS = ['in', 'out'] as const;
export type HouseCheck = (typeof HOUSE_CHECKS)[number];

/** PUT /api/v1/house/checks (house:check): «Inne» / «Ikke inne» now, or null to clear it. */
export const houseCheckInputSchema = z.object({
  personId: idSchema,
  status: z.enum(HOUSE_CHECKS).nullable(),
});
export type HouseCheckInput = z.infer<typeof houseCheckInputSchema>;

export const housePersonSchema = z.object({
  personId: z.string(),
  name: personNameSchema,
  /** Their room in the house (SPEC §3 User.room); null when none is set. */
  room: z.string().nullable(),
  phone: z.string().nullable(),
  lineIds: z.array(z.string()),
  /** Tonight's check by the supervisor, the latest one. */
  check: z.object({ status: z.enum(HOUSE_CHECKS), at: z.string(), by: z.string().nullable() }).nullable(),
  /** Away now on an approved leave that does not cover the night (a day at the hospital). */
  awayNow: z.boolean(),
  /** In the house right now, for the fire list: not away now and not checked «Ikke inne». */
  inHouseNow: z.boolean(),
});
export type HousePerson = z.infer<typeof housePersonSchema>;

export const houseAwaySchema = z.object({
  personId: z.string(),
  name: personNameSchema,
  room: z.string().nullable(),
  leaveId: z.string(),
  category: z.enum(LEAVE_CATEGORIES),
  start: z.string(),
  end: z.string(),
  /** The phone that reaches them while away, else their own. */
  phone: z.string().nullable(),
});
export type HouseAway = z.infer<typeof houseAwaySchema>;

/** GET /api/v1/house/tonight (house:view): who sleeps in the house tonight. */
export const houseTonightSchema = z.object({
  /** The school date the night begins on (before noon: the night that began yesterday). */
  night: z.string(),
  /** When this was worked out (the fire list prints it). */
  at: z.string(),
  /** Expected in the house tonight, ordered by room, then name; those without a room last. */
  people: z.array(housePersonSchema),
  /** Away for the night on approved leave. */
  away: z.array(houseAwaySchema),
});
export type HouseTonight = z.infer<typeof houseTonightSchema>;

/** The night a moment belongs to: its school date, or the day before until 12:00. */
export const HOUSE_NIGHT_TURNS_AT = '12:00';
/** A leave covers a night when it covers 03:00 of the following morning at the school. */
export const HOUSE_NIGHT_MIDPOINT = '03:00';
