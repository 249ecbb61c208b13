/**
 * The calendar (SPEC §3 Event and Schedule, §4, §9): the weekly schedules, concrete events and
 * what the API sends. Expansion of the week into occurrences is in calendar-expand.ts.
 * Decisions the SPEC leaves open are in docs/decisions/009-calendar.md.
 */
import { z } from 'zod';
import { eventIdSchema, idSchema } from './ids';
import { singleLineText } from './text';
import { instantSchema, isoDateSchema, storedDateSchema } from './dates';

/** SPEC §9: Mo to Su, Monday first. */
export const WEEK_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** SPEC §9: dining 'Mat/Måltid', elective 'Valgfag', class 'Linjefag', physact 'Aktivitet', none 'Generell'. */
export const EVENT_TYPES = ['dining', 'elective', 'class', 'physact', 'none'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The schedule every school has (SPEC §3 'normalWeek'); other schedules apply to a date range. */
export const NORMAL_WEEK_ID = 'normalWeek';

export const SCHEDULE_NAME_MAX = 100;
export const EVENT_NAME_MAX = 200;
/** A week of a busy school has some 120 entries; this bounds one request, not a school. */
export const SCHEDULE_ENTRIES_PER_DAY_MAX = 60;
/** Ids in one list of an event or entry: lines, electives and groups of a school. */
export const EVENT_TARGETS_MAX = 200;
/** Longest one-off event (a trip, a course week); it also bounds the range query for events. */
export const EVENT_DURATION_MAX_MS = 31 * 24 * 60 * 60 * 1000;

/** SPEC §5. */
export const RANGE_ERROR = 'The range cannot end before it starts';
/** SPEC §8. */
export const EVENT_NOT_FOUND = 'Event document not found!';
export const NORMAL_WEEK_NOT_FOUND = 'Could not find normalweek!';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const wallClockTimeSchema = z.string().regex(HH_MM, 'Ugyldig klokkeslett (TT:MM)');

/** Entry ids become part of event ids (`entryId@start#target`), so they hold neither '@' nor '#'. */
const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const entryIdSchema = z.string().regex(ENTRY_ID, 'Ugyldig id');

const idList = z.array(idSchema).max(EVENT_TARGETS_MAX);

const entryFields = {
  name: singleLineText().min(1).max(EVENT_NAME_MAX),
  from: wallClockTimeSchema,
  to: wallClockTimeSchema,
  type: z.enum(EVENT_TYPES),
  mandatory: z.boolean(),
  /** Lines and temporary groups attending one shared occurrence; empty for the whole school. */
  groupsAttending: idList,
  roomUsed: idSchema.nullable(),
  /** One occurrence per line listed (id suffix `#lineId`), in the line's own room unless roomUsed. */
  forClasses: idList,
  /** One occurrence per elective listed (id suffix `#electiveId`). */
  forElectives: idList,
};

export const scheduleEntrySchema = z.object({ id: entryIdSchema, ...entryFields });
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

/** "To after from": both are wall-clock times of the same day. */
function toAfterFrom(entry: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (entry.to <= entry.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Sluttid må være etter starttid' });
  }
}

/** An entry as the editor sends it: a new entry (or one copied to another day) has no id yet. */
export const scheduleEntryInputSchema = z
  .object({ id: entryIdSchema.optional(), ...entryFields })
  .superRefine(toAfterFrom);
export type ScheduleEntryInput = z.input<typeof scheduleEntryInputSchema>;

const daysOf = <T extends z.ZodType>(entry: T) =>
  z.object(
    Object.fromEntries(
      WEEK_DAYS.map((day) => [day, z.array(entry).max(SCHEDULE_ENTRIES_PER_DAY_MAX).default([])]),
    ) as Record<WeekDay, z.ZodDefault<z.ZodArray<T>>>,
  );

export const scheduleDaysSchema = daysOf(scheduleEntrySchema);
export type ScheduleDays = Record<WeekDay, ScheduleEntry[]>;

export const scheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** First and last day (YYYY-MM-DD, school zone) a named schedule applies; null for the normal week. */
  validFrom: storedDateSchema.nullable(),
  validTo: storedDateSchema.nullable(),
  days: scheduleDaysSchema,
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleSummarySchema = scheduleSchema.omit({ days: true }).extend({
  entryCount: z.number().int().nonnegative(),
});
export type ScheduleSummary = z.infer<typeof scheduleSummarySchema>;

/** PUT of a whole schedule: the editor sends every day (SPEC §7 'set by id (field schedule)'). */
export const scheduleInputSchema = z
  .object({
    name: singleLineText().min(1).max(SCHEDULE_NAME_MAX),
    validFrom: isoDateSchema.nullable().optional(),
    validTo: isoDateSchema.nullable().optional(),
    days: daysOf(scheduleEntryInputSchema),
  })
  .superRefine((input, ctx) => {
    if (input.validFrom && input.validTo && input.validTo < input.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Sluttdato må være etter startdato' });
    }
  });
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

/** A new named schedule (an exam week, a project week): it starts empty or as a copy of another. */
export const scheduleCreateSchema = z
  .object({
    name: singleLineText().min(1).max(SCHEDULE_NAME_MAX),
    validFrom: isoDateSchema,
    validTo: isoDateSchema,
    copyOf: idSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.validTo < input.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Sluttdato må være etter startdato' });
    }
  });
export type ScheduleCreate = z.infer<typeof scheduleCreateSchema>;

/** One event on the calendar: a schedule occurrence or a concrete event (SPEC §3 Event). */
export const calendarEventSchema = z.object({
  /** `entryId@startMs[#lineOrElectiveId]` for a schedule occurrence, otherwise the event's own id. */
  id: z.string(),
  name: z.string(),
  /** ISO-8601 instants (UTC). */
  start: z.string(),
  end: z.string(),
  type: z.enum(EVENT_TYPES),
  mandatory: z.boolean(),
  roomUsed: z.string().nullable(),
  /** Lines, electives and temporary groups attending; empty for the whole school. */
  groupsAttending: z.array(z.string()),
  /** The schedule occurrence this concrete event replaces (SPEC §4), when it does. */
  overrides: z.string().nullable(),
  /** Where it comes from: the weekly schedule, or a stored event. */
  source: z.enum(['schedule', 'event']),
  /** The person who created a concrete event (activities: they may change their own). */
  createdBy: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/**
 * What the asking user may do with an event, worked out on the server by eventPoliciesOf()
 * (policies/calendar-event.ts), so the web shows exactly the actions the server allows.
 */
export const eventPoliciesSchema = z.object({
  change: z.boolean(),
  delete: z.boolean(),
  /** Only an event that overrides a schedule occurrence can be reverted. */
  revert: z.boolean(),
});
export type EventPolicies = z.infer<typeof eventPoliciesSchema>;

/** An event as the API answers it: with what the asking user may do with it. */
export const eventWithPoliciesSchema = calendarEventSchema.extend({ policies: eventPoliciesSchema });
export type EventWithPolicies = z.infer<typeof eventWithPoliciesSchema>;

export const calendarResponseSchema = z.object({ events: z.array(eventWithPoliciesSchema) });
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** GET /api/v1/calendar: a range and at most one filter; none shows the whole school. */
export const calendarQuerySchema = z.object({
  from: instantSchema,
  to: instantSchema,
  person: idSchema.optional(),
  line: idSchema.optional(),
  elective: idSchema.optional(),
  group: idSchema.optional(),
  room: idSchema.optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** A concrete event as created or changed (also an occurrence being overridden). */
export const eventInputSchema = z
  .object({
    name: singleLineText().min(1).max(EVENT_NAME_MAX),
    start: instantSchema,
    end: instantSchema,
    type: z.enum(EVENT_TYPES),
    mandatory: z.boolean(),
    roomUsed: idSchema.nullable(),
    groupsAttending: idList,
  })
  .superRefine((input, ctx) => {
    const start = Date.parse(input.start);
    const end = Date.parse(input.end);
    if (end <= start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Slutt må være etter start' });
    } else if (end - start > EVENT_DURATION_MAX_MS) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'En hendelse kan vare høyst 31 dager' });
    }
  });
export type EventInput = z.input<typeof eventInputSchema>;

export const eventParamsSchema = z.object({ id: eventIdSchema });

/** Private calendar feeds (iCal): of one's own calendar, or for staff of a line or a room. */
export const CALENDAR_FEED_KINDS = ['person', 'line', 'room'] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

export const calendarFeedSchema = z.object({
  id: z.string(),
  kind: z.enum(CALENDAR_FEED_KINDS),
  /** The line or room; null for one's own calendar. */
  targetId: z.string().nullable(),
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The secret address is shown once, when the feed is made; only a hash of it is kept. */
export const createdCalendarFeedSchema = calendarFeedSchema.extend({ url: z.string() });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

export const calendarFeedInputSchema = z
  .object({
    kind: z.enum(CALENDAR_FEED_KINDS),
    targetId: idSchema.nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if ((input.kind === 'person') !== (input.targetId === null)) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Velg en linje eller et rom' });
    }
  });
export type CalendarFeedInput = z.input<typeof calendarFeedInputSchema>;

/**
 * What deleting a line, an elective or a temporary group does to the calendar
 * (docs/decisions/013-deleting-lines-electives-groups.md): entries and events that name it
 * let go of it, and those it was the only target of are removed. Deletion markers do not count.
 */
export const calendarReferencesSchema = z.object({
  /** Schedule entries (every schedule) that keep other targets and let go of this one. */
  scheduleEntriesChanged: z.number().int().min(0),
  /** Schedule entries that were for this one alone: removed. */
  scheduleEntriesRemoved: z.number().int().min(0),
  /** Stored events and overrides, past ones included, that keep other targets. */
  eventsChanged: z.number().int().min(0),
  /** Stored events and overrides that were for this one alone: removed. */
  eventsRemoved: z.number().int().min(0),
});
export type CalendarReferences = z.infer<typeof calendarReferencesSchema>;
export type CalendarReferenceKind = keyof CalendarReferences;

// ---------------------------------------------------------------------------------------------
// Event ids (SPEC §4): `entryId@startTimestamp[#classOrElectiveId]`, the timestamp in ms.

export interface OccurrenceId {
  entryId: string;
  /** Start instant, ms since the epoch. */
  start: number;
  /** The line or elective of a per-line or per-elective entry. */
  target?: string;
}

const OCCURRENCE_ID = /^([A-Za-z0-9_-]{1,64})@(\d{1,15})(?:#([^@#\s]{1,200}))?$/;

export function formatOccurrenceId(id: OccurrenceId): string {
  return id.target === undefined ? `${id.entryId}@${id.start}` : `${id.entryId}@${id.start}#${id.target}`;
}

/** Parses a schedule occurrence id; undefined for anything else (a concrete event's id). */
export function parseOccurrenceId(id: string): OccurrenceId | undefined {
  const match = OCCURRENCE_ID.exec(id);
  if (!match) return undefined;
  const start = Number(match[2]);
  if (!Number.isSafeInteger(start)) return undefined;
  return match[3] === undefined
    ? { entryId: match[1]!, start }
    : { entryId: match[1]!, start, target: match[3] };
}

/** SPEC §4: an id containing '@' comes from the weekly schedule. */
export function isScheduleEventId(id: string): boolean {
  return id.includes('@');
}

// ---------------------------------------------------------------------------------------------
// Who an event is for.

/** An event with no groups attending is for the whole school; otherwise for those groups. */
export function isEventFor(
  event: { groupsAttending: readonly string[] },
  targets: ReadonlySet<string>,
): boolean {
  if (event.groupsAttending.length === 0) return true;
  return event.groupsAttending.some((id) => targets.has(id));
}
