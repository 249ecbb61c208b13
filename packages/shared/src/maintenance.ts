/**
 * Janitor cases (SPEC §2 /app/janitor, §6 «Maintenance cases: view and handle: admin, janitor;
 * submit and view own: admin, teacher, kitchen, stipp, students»): report a fault from the room,
 * follow it to done. What the SPEC leaves open is in docs/decisions/026-janitor-cases.md. The
 * server and the web app read their shapes and numbers from here.
 */
import { z } from 'zod';
import { isoDateSchema } from './dates';
import { idSchema } from './ids';
import { singleLineText } from './text';

export const CASE_CATEGORIES = ['electrical', 'plumbing', 'furniture', 'it', 'cleaning', 'other'] as const;
export type CaseCategory = (typeof CASE_CATEGORIES)[number];

export const CASE_URGENCIES = ['low', 'normal', 'high', 'urgent'] as const;
export type CaseUrgency = (typeof CASE_URGENCIES)[number];

/** Ny → Under arbeid → Venter på deler → Løst; or Avvist with a reason. */
export const CASE_STATUSES = ['new', 'inProgress', 'waitingForParts', 'solved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** The statuses of a case still to be done. */
export const OPEN_CASE_STATUSES: readonly CaseStatus[] = ['new', 'inProgress', 'waitingForParts'];

export const CASE_TITLE_MAX = 120;
export const CASE_DESCRIPTION_MAX = 4000;
export const CASE_COMMENT_MAX = 4000;
export const CASE_REASON_MAX = 1000;
/** A submitter may reopen a solved case within this many days of its solving. */
export const CASE_REOPEN_DAYS = 14;
export const CASE_PHOTOS_MAX = 6;
/** A phone photo; it is re-encoded without its metadata (EXIF location) on the way in. */
export const CASE_PHOTO_BYTES_MAX = 15 * 1024 * 1024;
export const CASE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CASE_LIST_PAGE_MAX = 500;
export const ROUNDS_MAX = 200;
export const ROUND_ROOMS_MAX = 200;

// --- Reporting ------------------------------------------------------------------------------

/** POST /api/v1/maintenance/cases (maintenance:submit). Photos are added after, one by one. */
export const caseInputSchema = z.object({
  title: singleLineText().min(1).max(CASE_TITLE_MAX),
  description: z.string().trim().max(CASE_DESCRIPTION_MAX).default(''),
  /** Picked, or set by the room's «Meld feil» QR code; none for a fault outside any room. */
  roomId: idSchema.nullable(),
  category: z.enum(CASE_CATEGORIES),
  urgency: z.enum(CASE_URGENCIES).default('normal'),
});
export type CaseInput = z.input<typeof caseInputSchema>;

export const casePhotoSchema = z.object({
  id: z.string(),
  /** The photo and its thumbnail, behind the case's own permission. */
  url: z.string(),
  thumbnailUrl: z.string(),
  createdAt: z.string(),
});

export const caseCommentSchema = z.object({
  id: z.string(),
  /** null once the author is erased («Slettet bruker»). */
  authorId: z.string().nullable(),
  body: z.string(),
  /** An internal note: handlers only, never shown to the submitter. */
  internal: z.boolean(),
  createdAt: z.string(),
});
export type CaseComment = z.infer<typeof caseCommentSchema>;

/** A status change, for the case's history. */
export const caseStatusChangeSchema = z.object({
  status: z.enum(CASE_STATUSES),
  byId: z.string().nullable(),
  at: z.string(),
  reason: z.string().nullable(),
});

/** What the reader may do with a case (authorize after load; policies in the answer). */
export const casePoliciesSchema = z.object({
  handle: z.boolean(),
  comment: z.boolean(),
  commentInternal: z.boolean(),
  addPhoto: z.boolean(),
  reopen: z.boolean(),
});
export type CasePolicies = z.infer<typeof casePoliciesSchema>;

export const caseSummarySchema = z.object({
  id: z.string(),
  /** Per school, from 1: «Sak 42». */
  number: z.number().int(),
  title: z.string(),
  roomId: z.string().nullable(),
  category: z.enum(CASE_CATEGORIES),
  urgency: z.enum(CASE_URGENCIES),
  status: z.enum(CASE_STATUSES),
  /** null once the submitter is erased: shown as «Slettet bruker». */
  submittedBy: z.string().nullable(),
  assignedTo: z.string().nullable(),
  /** The round that made it, if any. */
  roundId: z.string().nullable(),
  photoCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  solvedAt: z.string().nullable(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseSchema = caseSummarySchema.extend({
  description: z.string(),
  rejectReason: z.string().nullable(),
  photos: z.array(casePhotoSchema),
  /** Internal notes only for handlers. */
  comments: z.array(caseCommentSchema),
  history: z.array(caseStatusChangeSchema),
  policies: casePoliciesSchema,
});
export type Case = z.infer<typeof caseSchema>;

/** GET /api/v1/maintenance/cases: handlers see all (filtered), everyone else their own. */
export const caseListQuerySchema = z.object({
  status: z.enum(CASE_STATUSES).optional(),
  /** open: new, in progress, waiting for parts. */
  state: z.enum(['open', 'closed', 'all']).default('all'),
  roomId: idSchema.optional(),
  category: z.enum(CASE_CATEGORIES).optional(),
  /** Only cases at least this many days old. */
  olderThanDays: z.coerce.number().int().min(0).max(3650).optional(),
  mine: z.enum(['0', '1']).default('0'),
});
export const caseListSchema = z.object({
  cases: z.array(caseSummarySchema),
  /** More matched than CASE_LIST_PAGE_MAX (the oldest open first, then the newest closed). */
  truncated: z.boolean(),
  policies: z.object({ handle: z.boolean() }),
});
export type CaseList = z.infer<typeof caseListSchema>;

// --- Handling -------------------------------------------------------------------------------

/** PUT /api/v1/maintenance/cases/:id/status (maintenance:handle). */
export const caseStatusInputSchema = z
  .object({
    status: z.enum(CASE_STATUSES),
    /** Required for «Avvist»: the submitter sees it. */
    reason: z.string().trim().max(CASE_REASON_MAX).optional(),
    /** A comment to the submitter with the change, if any. */
    comment: z.string().trim().max(CASE_COMMENT_MAX).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'rejected' && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Skriv hvorfor saken avvises.' });
    }
  });
export type CaseStatusInput = z.infer<typeof caseStatusInputSchema>;

/** PUT /api/v1/maintenance/cases/:id/assignee (maintenance:handle): a janitor or admin, or none. */
export const caseAssigneeInputSchema = z.object({ assigneeId: idSchema.nullable() });

/** POST /api/v1/maintenance/cases/:id/comments: the submitter and handlers; internal for handlers only. */
export const caseCommentInputSchema = z.object({
  body: z.string().trim().min(1).max(CASE_COMMENT_MAX),
  internal: z.boolean().default(false),
});

/** POST /api/v1/maintenance/cases/:id/reopen: the submitter within CASE_REOPEN_DAYS of solving. */
export const caseReopenInputSchema = z.object({ reason: z.string().trim().min(1).max(CASE_REASON_MAX) });

// --- Recurring checks -----------------------------------------------------------------------

export const ROUND_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type RoundFrequency = (typeof ROUND_FREQUENCIES)[number];

/** POST/PUT /api/v1/maintenance/rounds (maintenance:handle): e.g. fire extinguishers monthly. */
export const roundInputSchema = z.object({
  title: singleLineText().min(1).max(CASE_TITLE_MAX),
  description: z.string().trim().max(CASE_DESCRIPTION_MAX).default(''),
  category: z.enum(CASE_CATEGORIES),
  frequency: z.enum(ROUND_FREQUENCIES),
  /** One case per room when due; none: one case for the round. */
  roomIds: z.array(idSchema).max(ROUND_ROOMS_MAX).default([]),
  /** The first due date (school date); the next ones follow the frequency. */
  nextDue: isoDateSchema,
  active: z.boolean().default(true),
});
export type RoundInput = z.input<typeof roundInputSchema>;

export const roundSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CASE_CATEGORIES),
  frequency: z.enum(ROUND_FREQUENCIES),
  roomIds: z.array(z.string()),
  nextDue: z.string(),
  active: z.boolean(),
  lastRunAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Round = z.infer<typeof roundSchema>;

// --- Statistics -----------------------------------------------------------------------------

/** GET /api/v1/maintenance/stats?from&to (maintenance:handle); .csv of the same. */
export const caseStatsQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export const caseStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Open now, by room (null: no room) and by category. */
  openByRoom: z.array(z.object({ roomId: z.string().nullable(), count: z.number().int() })),
  openByCategory: z.array(z.object({ category: z.enum(CASE_CATEGORIES), count: z.number().int() })),
  /** Cases reported in the period, and of them solved, with the median hours to solve. */
  reported: z.number().int(),
  solved: z.number().int(),
  medianHoursToSolve: z.number().nullable(),
  byCategory: z.array(
    z.object({
      category: z.enum(CASE_CATEGORIES),
      reported: z.number().int(),
      solved: z.number().int(),
      medianHoursToSolve: z.number().nullable(),
    }),
  ),
});
export type CaseStats = z.infer<typeof caseStatsSchema>;
