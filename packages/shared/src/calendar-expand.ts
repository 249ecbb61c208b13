/**
 * Expansion of the weekly schedules into the events of a range (SPEC §4 'Events from the weekly
 * schedule'). One pure function, used by the server for the calendar, the dashboard and the iCal
 * feeds, and by the web app to preview a schedule. Schedule times are wall-clock times at the
 * school (Europe/Oslo): an 08:00 lesson is at 08:00 on both sides of a daylight-saving change.
 */
import { tzOffset } from '@date-fns/tz';
import {
  EVENT_DURATION_MAX_MS,
  formatOccurrenceId,
  RANGE_ERROR,
  WEEK_DAYS,
  NORMAL_WEEK_ID,
  type CalendarEvent,
  type EventType,
  type ScheduleEntry,
  type WeekDay,
} from './calendar';
import { CALENDAR_RANGE_MAX_MS } from './limits';
import { INSTANT_MAX_MS, INSTANT_MIN_MS } from './limits';
import {
  addDays,
  daysBetween,
  SCHOOL_TIME_ZONE,
  schoolTimeToInstant,
  todayInSchoolZone,
  weekDayIndex,
} from './time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What expansion needs of a schedule. */
export interface ExpandableSchedule {
  id: string;
  validFrom: string | null;
  validTo: string | null;
  days: Record<WeekDay, readonly ScheduleEntry[]>;
}

/**
 * A stored event: a concrete event (its own id), one that overrides an occurrence, or the
 * marker of a deleted occurrence (its id is the occurrence's id, repDeleted true).
 */
export interface StoredEvent {
  id: string;
  name: string;
  start: string;
  end: string;
  type: EventType;
  mandatory: boolean;
  roomUsed: string | null;
  groupsAttending: readonly string[];
  overrides: string | null;
  repDeleted: boolean;
  createdBy: string | null;
}

export interface ExpandInput {
  schedules: readonly ExpandableSchedule[];
  events: readonly StoredEvent[];
  /** The range, ms since the epoch: occurrences that overlap [from, to) are returned. */
  from: number;
  to: number;
  /** Main rooms of lines and electives: where a per-line entry without a room takes place. */
  mainRooms?: ReadonlyMap<string, string>;
  /**
   * Keeps only the events it accepts. Applied before an occurrence is built, so one person's
   * week costs little more than their own events, however big the school.
   */
  accept?: (groupsAttending: readonly string[], roomUsed: string | null) => boolean;
}

export class CalendarRangeError extends RangeError {
  constructor() {
    super(RANGE_ERROR);
  }
}

/** Y-M-D of a school date, as numbers. */
function dateParts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/** The days of the longest calendar request, with the day before and a change day's spare. */
const EXPAND_DAYS_MAX = Math.ceil(CALENDAR_RANGE_MAX_MS / DAY_MS) + 3;

/** Monday first (SPEC §9). */
function weekDayOf(date: string): WeekDay {
  return WEEK_DAYS[weekDayIndex(date)]!;
}

/**
 * Converts the times of one date. Most days have one offset from midnight to midnight, so it is
 * looked up twice per day rather than twice per entry; the two change days take the slow path.
 */
function dayClock(date: string): (time: string) => number {
  const [y, m, d] = dateParts(date);
  const midnight = Date.UTC(y, m - 1, d);
  const early = tzOffset(SCHOOL_TIME_ZONE, new Date(midnight - 2 * 60 * 60_000));
  const late = tzOffset(SCHOOL_TIME_ZONE, new Date(midnight + DAY_MS));
  if (early !== late) return (time) => schoolTimeToInstant(date, time);
  const offsetMs = early * 60_000;
  return (time) => midnight + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000 - offsetMs;
}

/**
 * The schedule that applies on a date: the named schedule whose range holds it (the one that
 * starts latest when ranges overlap, so a week inside a term wins over the term), else the
 * normal week (docs/decisions/009-calendar.md).
 */
export function scheduleForDate<S extends ExpandableSchedule>(
  schedules: readonly S[],
  date: string,
): S | undefined {
  let chosen: S | undefined;
  for (const schedule of schedules) {
    if (schedule.validFrom === null || schedule.validTo === null) continue;
    if (date < schedule.validFrom || date > schedule.validTo) continue;
    if (
      !chosen ||
      schedule.validFrom > chosen.validFrom! ||
      (schedule.validFrom === chosen.validFrom && schedule.id > chosen.id)
    ) {
      chosen = schedule;
    }
  }
  return chosen ?? schedules.find((schedule) => schedule.id === NORMAL_WEEK_ID);
}

function fromStored(event: StoredEvent): CalendarEvent {
  return {
    id: event.id,
    name: event.name,
    start: event.start,
    end: event.end,
    type: event.type,
    mandatory: event.mandatory,
    roomUsed: event.roomUsed,
    groupsAttending: [...event.groupsAttending],
    overrides: event.overrides,
    source: 'event',
    createdBy: event.createdBy,
  };
}

function byStart(a: CalendarEvent, b: CalendarEvent): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  if (a.end !== b.end) return a.end < b.end ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Every event overlapping [from, to): schedule occurrences not deleted or overridden, and
 * concrete events. Sorted by start, then end, name and id, so the same input gives the same list.
 */
export function expandCalendar(input: ExpandInput): CalendarEvent[] {
  const { from, to } = input;
  const accept = input.accept ?? (() => true);
  if (!(to >= from)) throw new CalendarRangeError();
  const result: CalendarEvent[] = [];
  if (to === from) return result;

  // Occurrences replaced by a concrete event, or deleted (SPEC §4).
  const hidden = new Set<string>();
  for (const event of input.events) {
    if (event.repDeleted) hidden.add(event.id);
    else if (event.overrides !== null) hidden.add(event.overrides);
  }

  // An entry lies within one school day, so the days from the one before `from` (its last
  // occurrences may end after `from` on a change day) to the day of `to` cover the range.
  // Schedules make nothing outside the dates a request may name, and the days are counted:
  // past year 9999 a date no longer sorts as text.
  // No schedules (one stored event, as a sheet asks): no days to walk, and no dates to work out,
  // which cost more than the rest of expanding one event.
  const walked = input.schedules.length > 0 && from <= INSTANT_MAX_MS && to >= INSTANT_MIN_MS;
  const firstDate = walked ? addDays(todayInSchoolZone(new Date(Math.max(from, INSTANT_MIN_MS))), -1) : '';
  const lastDate = walked ? todayInSchoolZone(new Date(Math.min(to, INSTANT_MAX_MS))) : '';
  const days = walked ? daysBetween(firstDate, lastDate) + 1 : 0;
  if (days > EXPAND_DAYS_MAX) throw new RangeError(`Too long a range to expand: ${days} days`);
  for (let index = 0; index < days; index++) {
    const date = addDays(firstDate, index);
    const schedule = scheduleForDate(input.schedules, date);
    if (!schedule) continue;
    const entries = schedule.days[weekDayOf(date)];
    if (entries.length === 0) continue;
    const clock = dayClock(date);
    for (const entry of entries) {
      const start = clock(entry.from);
      const end = clock(entry.to);
      if (start >= to || end <= from || end <= start) continue;
      const targets = [...entry.forClasses, ...entry.forElectives];
      if (targets.length === 0) {
        if (!accept(entry.groupsAttending, entry.roomUsed)) continue;
        const id = formatOccurrenceId({ entryId: entry.id, start });
        if (hidden.has(id)) continue;
        result.push(occurrence(entry, id, start, end, entry.roomUsed, [...entry.groupsAttending]));
        continue;
      }
      for (const target of targets) {
        const room = entry.roomUsed ?? input.mainRooms?.get(target) ?? null;
        if (!accept([target], room)) continue;
        const id = formatOccurrenceId({ entryId: entry.id, start, target });
        if (hidden.has(id)) continue;
        result.push(occurrence(entry, id, start, end, room, [target]));
      }
    }
  }

  for (const event of input.events) {
    if (event.repDeleted) continue;
    const start = Date.parse(event.start);
    const end = Date.parse(event.end);
    if (start < to && end > from && accept(event.groupsAttending, event.roomUsed))
      result.push(fromStored(event));
  }
  return result.sort(byStart);
}

function occurrence(
  entry: ScheduleEntry,
  id: string,
  start: number,
  end: number,
  roomUsed: string | null,
  groupsAttending: string[],
): CalendarEvent {
  return {
    id,
    name: entry.name,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    type: entry.type,
    mandatory: entry.mandatory,
    roomUsed,
    groupsAttending,
    overrides: null,
    source: 'schedule',
    createdBy: null,
  };
}

/**
 * The stored rows a range needs: concrete events overlapping it (none lasts longer than
 * EVENT_DURATION_MAX_MS, so a start after `from - max` bounds the scan), and overrides and
 * deletion markers of occurrences that start within a day of it.
 */
export function storedEventWindow(from: number, to: number) {
  return {
    startsAfter: new Date(from - EVENT_DURATION_MAX_MS).toISOString(),
    startsBefore: new Date(to).toISOString(),
    endsAfter: new Date(from).toISOString(),
    replacesAfter: new Date(from - DAY_MS).toISOString(),
    replacesBefore: new Date(to).toISOString(),
  };
}
