import { randomUUID } from 'node:crypto';
import {
  CALENDAR_RANGE_MAX_MS,
  EVENT_NOT_FOUND,
  NORMAL_WEEK_ID,
  NORMAL_WEEK_NOT_FOUND,
  RANGE_ERROR,
  WEEK_DAYS,
  expandCalendar,
  isEventFor,
  mayChangeEvent,
  parseOccurrenceId,
  storedEventWindow,
  type CalendarEvent,
  type EventType,
  type Problem,
  type Schedule,
  type ScheduleCreate,
  type ScheduleEntry,
  type ScheduleSummary,
  type StoredEvent,
  type WeekDay,
  scheduleInputSchema,
  eventInputSchema,
} from '@tun/shared';
import type { z } from 'zod';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { calendarBase, schoolRange, type CalendarBase } from './calendar-cache';
import {
  clearRoomFromEntries,
  clearRoomFromEvents,
  countEntriesInRoom,
  countFutureEventsInRoom,
  deleteEventRow,
  deleteScheduleRow,
  entryOwners,
  eventsForRange,
  findEventRow,
  findOverride,
  findScheduleRow,
  forgetEventCreator,
  insertEvent,
  insertNormalWeek,
  insertSchedule,
  loadSchedules,
  personExists,
  replaceEntries,
  toStoredEvent,
  updateEvent,
  updateScheduleRow,
  type EventValues,
} from './calendar.repository';
import * as repository from './calendar.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;
type ScheduleInput = z.output<typeof scheduleInputSchema>;
type EventInput = z.output<typeof eventInputSchema>;

export interface CalendarFilter {
  kind: 'person' | 'line' | 'elective' | 'group' | 'room';
  id: string;
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * The events of a range, with the schedules expanded and overrides applied, for the whole
 * school or filtered. A person, line, elective or group sees its own events and the
 * school-wide ones; a room sees the events held in it.
 */
export async function listCalendar(
  db: Queryable,
  schoolId: string,
  query: {
    from: number;
    to: number;
    filter?: CalendarFilter;
    /**
     * From the school's range as other readers of it have it (calendar-cache.ts): the events
     * are then shared, and the caller must not change them.
     */
    shared?: boolean;
    /**
     * Keeps what a person's filter follows (their groups, or that they are unknown) until the
     * caller's cache hears a change to the school's people or groups (live/answer-cache.ts).
     */
    keep?: Keep;
  },
): Promise<CalendarEvent[]> {
  const { from, to, filter } = query;
  if (!(to >= from)) throw new ProblemError('calendar-range-invalid', RANGE_ERROR);
  if (to - from > CALENDAR_RANGE_MAX_MS) throw new ProblemError('calendar-range-too-long');
  const [base, targets] = await Promise.all([
    calendarBase(db, schoolId),
    filterTargets(db, schoolId, filter, query.keep),
  ]);
  if (filter && filter.kind !== 'person' && filter.kind !== 'room') {
    const known = { line: base.lines, elective: base.electives, group: base.groups }[filter.kind];
    if (!known.has(filter.id)) throw new ProblemError('not-found');
  }
  if (filter?.kind === 'room' && !base.rooms.has(filter.id)) throw new ProblemError('not-found');
  const accept = !filter
    ? undefined
    : filter.kind === 'room'
      ? (_groups: readonly string[], room: string | null) => room === filter.id
      : (groupsAttending: readonly string[]) => isEventFor({ groupsAttending }, targets!);
  const expand = async (only?: typeof accept) =>
    expandCalendar({
      schedules: base.schedules,
      events: await eventsForRange(db, schoolId, storedEventWindow(from, to)),
      from,
      to,
      mainRooms: base.mainRooms,
      accept: only,
    });
  if (!query.shared) return expand(accept);
  // The school's range, kept, then this filter's share of it: expandCalendar accepts each event
  // by the groups and room it ends up with, so filtering afterwards keeps the same events.
  const school = await schoolRange(db, schoolId, { from, to }, () => expand());
  return school.filter((event) => !accept || accept(event.groupsAttending, event.roomUsed));
}

/**
 * The ids a person's own calendar follows: their lines (as member, teacher or assistant),
 * electives and temporary groups.
 */
export async function targetsOfPerson(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<Set<string>> {
  return repository.targetsOfPerson(db, schoolId, personId);
}

/** A value kept under a key until what it was made from changes, else made now. */
type Keep = <T>(key: string, make: () => Promise<T>) => Promise<T>;

async function filterTargets(
  db: Queryable,
  schoolId: string,
  filter: CalendarFilter | undefined,
  keep: Keep = (_key, make) => make(),
) {
  if (!filter || filter.kind === 'room') return undefined;
  if (filter.kind !== 'person') return new Set([filter.id]);
  const personId = filter.id;
  const targets = await keep(`targets|${personId}`, async () => {
    // Both at once: someone unknown simply has no targets, and is refused below.
    const [exists, ids] = await Promise.all([
      personExists(db, schoolId, personId),
      targetsOfPerson(db, schoolId, personId),
    ]);
    return exists ? ids : undefined;
  });
  if (!targets) throw new ProblemError('not-found');
  return targets;
}

function eventNotFound(): ProblemError {
  return new ProblemError('event-not-found', EVENT_NOT_FOUND);
}

/**
 * One event by id (SPEC §7 'get by id'). An occurrence id finds the occurrence, or the event
 * that overrides it; a deleted occurrence, or an id the schedules never produce, is not found.
 */
export async function findCalendarEvent(db: Queryable, schoolId: string, id: string): Promise<CalendarEvent> {
  const occurrence = parseOccurrenceId(id);
  if (!occurrence) {
    const row = await findEventRow(db, schoolId, id);
    if (!row || row.rep_deleted === 1) throw eventNotFound();
    return expandStored(toStoredEvent(row));
  }
  const override = await findOverride(db, schoolId, id);
  if (override) return expandStored(toStoredEvent(override));
  const found = await scheduleOccurrence(db, schoolId, id, occurrence.start);
  if (!found) throw eventNotFound();
  return found;
}

/** The occurrence with this id as the schedules produce it now, unless it is deleted. */
async function scheduleOccurrence(
  db: Queryable,
  schoolId: string,
  id: string,
  start: number,
): Promise<CalendarEvent | undefined> {
  const [base, marker] = await Promise.all([calendarBase(db, schoolId), findEventRow(db, schoolId, id)]);
  if (marker) return undefined;
  const events = expandCalendar({
    schedules: base.schedules,
    events: [],
    from: start,
    to: start + 1,
    mainRooms: base.mainRooms,
  });
  return events.find((event) => event.id === id);
}

function expandStored(event: StoredEvent): CalendarEvent {
  const [calendarEvent] = expandCalendar({
    schedules: [],
    events: [event],
    from: Date.parse(event.start),
    to: Date.parse(event.end),
  });
  return calendarEvent!;
}

// ---------------------------------------------------------------------------------------------
// Who may change an event: mayChangeEvent() of @tun/shared, the same predicate whose answers go
// out with every event (decision 017).

/** Both what the event is and what it becomes must be the actor's to change. */
function assertMayChange(
  actor: Actor,
  before: { type: EventType; createdBy: string | null } | undefined,
  after: { type: EventType; createdBy: string | null } | undefined,
) {
  if ((before && !mayChangeEvent(actor, before)) || (after && !mayChangeEvent(actor, after))) {
    throw new ProblemError('forbidden');
  }
}

// ---------------------------------------------------------------------------------------------
// References: every id an event or entry names must be one of the school's.

type Issues = NonNullable<Problem['errors']>;

function checkReferences(
  base: CalendarBase,
  prefix: string,
  item: {
    roomUsed: string | null;
    groupsAttending: readonly string[];
    forClasses?: readonly string[];
    forElectives?: readonly string[];
  },
  issues: Issues,
) {
  if (item.roomUsed !== null && !base.rooms.has(item.roomUsed)) {
    issues.push({ path: `${prefix}.roomUsed`, message: 'Rommet finnes ikke.' });
  }
  item.groupsAttending.forEach((id, index) => {
    if (!base.lines.has(id) && !base.electives.has(id) && !base.groups.has(id)) {
      issues.push({ path: `${prefix}.groupsAttending.${index}`, message: 'Gruppen finnes ikke.' });
    }
  });
  item.forClasses?.forEach((id, index) => {
    if (!base.lines.has(id))
      issues.push({ path: `${prefix}.forClasses.${index}`, message: 'Linjen finnes ikke.' });
  });
  item.forElectives?.forEach((id, index) => {
    if (!base.electives.has(id)) {
      issues.push({ path: `${prefix}.forElectives.${index}`, message: 'Valgfaget finnes ikke.' });
    }
  });
}

function throwIfIssues(issues: Issues) {
  if (issues.length > 0) throw new ProblemError('validation-failed', undefined, issues);
}

// ---------------------------------------------------------------------------------------------
// Events

function valuesOf(input: EventInput): EventValues {
  return {
    name: input.name,
    start: new Date(input.start).toISOString(),
    end: new Date(input.end).toISOString(),
    type: input.type,
    mandatory: input.mandatory,
    roomUsed: input.roomUsed,
    groupsAttending: [...new Set(input.groupsAttending)],
  };
}

async function checkEventReferences(db: Queryable, schoolId: string, values: EventValues) {
  const issues: Issues = [];
  checkReferences(await calendarBase(db, schoolId), 'body', values, issues);
  throwIfIssues(issues);
}

export async function createEvent(deps: Deps, actor: Actor, input: EventInput): Promise<CalendarEvent> {
  const values = valuesOf(input);
  assertMayChange(actor, undefined, { type: values.type, createdBy: actor.personId });
  return write(deps, actor.schoolId, async (trx, publish) => {
    await checkEventReferences(trx, actor.schoolId, values);
    const stored: StoredEvent = {
      ...values,
      id: randomUUID(),
      overrides: null,
      repDeleted: false,
      createdBy: actor.personId,
    };
    await insertEvent(trx, actor.schoolId, { ...stored, replacesStart: null });
    await audit(trx, actor, 'calendar_event', 'create', stored.id, undefined, stored);
    publish('calendar', [stored.id]);
    return expandStored(stored);
  });
}

/**
 * Changes an event. For a schedule occurrence this makes (or changes) the concrete event that
 * overrides it (SPEC §4), so the week itself stays as it is.
 */
export async function changeEvent(
  deps: Deps,
  actor: Actor,
  id: string,
  input: EventInput,
): Promise<CalendarEvent> {
  const values = valuesOf(input);
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    await checkEventReferences(trx, schoolId, values);
    const occurrence = parseOccurrenceId(id);
    const row = occurrence ? await findOverride(trx, schoolId, id) : await findEventRow(trx, schoolId, id);
    if (row && row.rep_deleted === 0) {
      const before = toStoredEvent(row);
      assertMayChange(actor, before, { type: values.type, createdBy: before.createdBy });
      await updateEvent(trx, schoolId, row.id, values);
      const after: StoredEvent = { ...before, ...values };
      await audit(trx, actor, 'calendar_event', 'update', row.id, before, after);
      publish('calendar', [row.id]);
      return expandStored(after);
    }
    if (!occurrence) throw eventNotFound();
    const original = await scheduleOccurrence(trx, schoolId, id, occurrence.start);
    if (!original) throw eventNotFound();
    assertMayChange(actor, original, { type: values.type, createdBy: actor.personId });
    const stored: StoredEvent = {
      ...values,
      id: randomUUID(),
      overrides: id,
      repDeleted: false,
      createdBy: actor.personId,
    };
    await insertEvent(trx, schoolId, { ...stored, replacesStart: original.start });
    await audit(trx, actor, 'calendar_event', 'override', stored.id, original, stored);
    publish('calendar', [stored.id, id]);
    return expandStored(stored);
  });
}

/**
 * SPEC §4: deleting a schedule occurrence marks it repDeleted; deleting a concrete event removes
 * it. An event that overrides an occurrence stands in for it, so the occurrence is marked too
 * (otherwise deleting a moved lesson would bring the original back).
 */
export async function deleteEvent(deps: Deps, actor: Actor, id: string): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const occurrence = parseOccurrenceId(id);
    const row = occurrence ? await findOverride(trx, schoolId, id) : await findEventRow(trx, schoolId, id);
    if (row && row.rep_deleted === 0) {
      const before = toStoredEvent(row);
      assertMayChange(actor, before, undefined);
      await deleteEventRow(trx, schoolId, row.id);
      if (before.overrides !== null)
        await markDeleted(trx, schoolId, before.overrides, before, row.replaces_start);
      await audit(trx, actor, 'calendar_event', 'delete', row.id, before, undefined);
      publish('calendar', before.overrides ? [row.id, before.overrides] : [row.id]);
      return;
    }
    if (!occurrence) throw eventNotFound();
    const original = await scheduleOccurrence(trx, schoolId, id, occurrence.start);
    if (!original) throw eventNotFound();
    assertMayChange(actor, original, undefined);
    await markDeleted(trx, schoolId, id, original, original.start);
    await audit(trx, actor, 'calendar_event', 'delete', id, original, { repDeleted: true });
    publish('calendar', [id]);
  });
}

export async function markDeleted(
  trx: Queryable,
  schoolId: string,
  occurrenceId: string,
  event: Pick<StoredEvent, 'name' | 'start' | 'end' | 'type' | 'mandatory' | 'roomUsed' | 'groupsAttending'>,
  replacesStart: string | null,
) {
  const start = replacesStart ?? new Date(parseOccurrenceId(occurrenceId)!.start).toISOString();
  await insertEvent(trx, schoolId, {
    id: occurrenceId,
    name: event.name,
    // The marker keeps the occurrence's own time, not that of an override that moved it.
    start,
    end: start,
    type: event.type,
    mandatory: event.mandatory,
    roomUsed: null,
    groupsAttending: event.groupsAttending,
    overrides: null,
    repDeleted: true,
    replacesStart: start,
    createdBy: null,
  });
}

/**
 * SPEC §4: reverting removes the overriding event, and is allowed only for a schedule
 * occurrence that is overridden. Either id (the occurrence's or the override's) may be given.
 */
export async function revertEvent(deps: Deps, actor: Actor, id: string): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const occurrence = parseOccurrenceId(id);
    const row = occurrence ? await findOverride(trx, schoolId, id) : await findEventRow(trx, schoolId, id);
    if (!row) {
      // An occurrence that exists but was never changed is refused like a one-off event.
      if (occurrence && (await scheduleOccurrence(trx, schoolId, id, occurrence.start))) {
        throw new ProblemError('event-not-overridden');
      }
      throw eventNotFound();
    }
    const override = toStoredEvent(row);
    if (override.overrides === null || override.repDeleted) throw new ProblemError('event-not-overridden');
    assertMayChange(actor, override, undefined);
    await deleteEventRow(trx, schoolId, row.id);
    await audit(trx, actor, 'calendar_event', 'revert', row.id, override, undefined);
    publish('calendar', [row.id, override.overrides]);
  });
}

/** Who changed which event or schedule, from what to what. */
async function audit(
  trx: Queryable,
  actor: Actor,
  entity: 'calendar_event' | 'schedule',
  action: string,
  entityId: string,
  before: unknown,
  after: unknown,
) {
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action,
    entity,
    entityId,
    before,
    after,
  });
}

// ---------------------------------------------------------------------------------------------
// Schedules

export async function listScheduleSummaries(db: Queryable, schoolId: string): Promise<ScheduleSummary[]> {
  const schedules = await loadSchedules(db, schoolId);
  return schedules.map(({ days, ...schedule }) => ({
    ...schedule,
    entryCount: WEEK_DAYS.reduce((sum, day) => sum + days[day].length, 0),
  }));
}

export async function findSchedule(db: Queryable, schoolId: string, scheduleId: string): Promise<Schedule> {
  const [schedule] = await loadSchedules(db, schoolId, scheduleId);
  if (schedule) return schedule;
  if (scheduleId === NORMAL_WEEK_ID) throw new ProblemError('normal-week-not-found', NORMAL_WEEK_NOT_FOUND);
  throw new ProblemError('not-found');
}

/**
 * Settles entry ids: an entry keeps its id when it is this schedule's (or new to the school),
 * otherwise it is a copy and gets a new one. Event ids are built from entry ids, so an entry
 * that is edited keeps its overrides and deletions.
 */
function settleIds(
  days: ScheduleInput['days'],
  scheduleId: string,
  owners: Map<string, string>,
): Record<WeekDay, ScheduleEntry[]> {
  const used = new Set<string>();
  const settled = {} as Record<WeekDay, ScheduleEntry[]>;
  for (const day of WEEK_DAYS) {
    settled[day] = days[day].map(({ id, ...entry }) => {
      const owner = id === undefined ? undefined : owners.get(id);
      const keep = id !== undefined && !used.has(id) && (owner === undefined || owner === scheduleId);
      const entryId = keep ? id : randomUUID();
      used.add(entryId);
      return {
        ...entry,
        id: entryId,
        groupsAttending: [...new Set(entry.groupsAttending)],
        forClasses: [...new Set(entry.forClasses)],
        forElectives: [...new Set(entry.forElectives)],
      };
    });
  }
  return settled;
}

function checkScheduleReferences(base: CalendarBase, days: Record<WeekDay, ScheduleEntry[]>) {
  const issues: Issues = [];
  for (const day of WEEK_DAYS) {
    days[day].forEach((entry, index) => checkReferences(base, `body.days.${day}.${index}`, entry, issues));
  }
  throwIfIssues(issues);
}

/** SPEC §7 'set by id (field schedule)': the whole document in one transaction. */
export async function saveSchedule(
  deps: Deps,
  actor: Actor,
  scheduleId: string,
  input: ScheduleInput,
): Promise<Schedule> {
  const { schoolId } = actor;
  const isNormalWeek = scheduleId === NORMAL_WEEK_ID;
  const validFrom = input.validFrom ?? null;
  const validTo = input.validTo ?? null;
  const issues: Issues = [];
  if (isNormalWeek && (validFrom !== null || validTo !== null)) {
    issues.push({ path: 'body.validFrom', message: 'Normaluken gjelder alle uker og har ingen datoer.' });
  }
  if (!isNormalWeek && validFrom === null)
    issues.push({ path: 'body.validFrom', message: 'Velg første dag.' });
  if (!isNormalWeek && validTo === null) issues.push({ path: 'body.validTo', message: 'Velg siste dag.' });
  throwIfIssues(issues);

  return write(deps, schoolId, async (trx, publish) => {
    const before = await findSchedule(trx, schoolId, scheduleId);
    const days = settleIds(input.days, scheduleId, await entryOwners(trx, schoolId));
    checkScheduleReferences(await calendarBase(trx, schoolId), days);
    await replaceEntries(trx, schoolId, scheduleId, days);
    const updatedAt = await updateScheduleRow(trx, schoolId, scheduleId, {
      name: input.name,
      validFrom,
      validTo,
    });
    const after: Schedule = { id: scheduleId, name: input.name, validFrom, validTo, days, updatedAt };
    await audit(trx, actor, 'schedule', 'update', scheduleId, before, after);
    publish('calendar', [scheduleId]);
    return after;
  });
}

/** A named schedule for a date range, empty or a copy of another (with new entry ids). */
export async function createSchedule(deps: Deps, actor: Actor, input: ScheduleCreate): Promise<Schedule> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    let days: Record<WeekDay, ScheduleEntry[]> = { Mo: [], Tu: [], We: [], Th: [], Fr: [], Sa: [], Su: [] };
    if (input.copyOf !== undefined) {
      const [source] = await loadSchedules(trx, schoolId, input.copyOf);
      if (!source) {
        throw new ProblemError('validation-failed', undefined, [
          { path: 'body.copyOf', message: 'Timeplanen finnes ikke.' },
        ]);
      }
      // A copy: the same entries under new ids, so overrides and deletions stay with the original.
      days = Object.fromEntries(
        WEEK_DAYS.map((day) => [day, source.days[day].map((entry) => ({ ...entry, id: randomUUID() }))]),
      ) as Record<WeekDay, ScheduleEntry[]>;
    }
    const id = await insertSchedule(trx, schoolId, {
      name: input.name,
      validFrom: input.validFrom,
      validTo: input.validTo,
    });
    await replaceEntries(trx, schoolId, id, days);
    const created = await findSchedule(trx, schoolId, id);
    await audit(trx, actor, 'schedule', 'create', id, undefined, created);
    publish('calendar', [id]);
    return created;
  });
}

export async function removeSchedule(deps: Deps, actor: Actor, scheduleId: string): Promise<void> {
  if (scheduleId === NORMAL_WEEK_ID) throw new ProblemError('normal-week-required');
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    if (!(await findScheduleRow(trx, schoolId, scheduleId))) throw new ProblemError('not-found');
    const before = await findSchedule(trx, schoolId, scheduleId);
    await deleteScheduleRow(trx, schoolId, scheduleId);
    await audit(trx, actor, 'schedule', 'delete', scheduleId, before, undefined);
    publish('calendar', [scheduleId]);
  });
}

/** A school always has its normal week (SPEC §8 'Could not find normalweek!'). */
export function addNormalWeek(trx: Queryable, schoolId: string): Promise<void> {
  return insertNormalWeek(trx, schoolId);
}

/** Events a deleted person created stay, without their creator. */
export function forgetCreator(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  return forgetEventCreator(trx, schoolId, personId);
}

/** What the calendar holds in a room, and letting go of it when the room is deleted. */
export const calendarRooms = {
  countFutureEvents: (db: Queryable, schoolId: string, roomId: string) =>
    countFutureEventsInRoom(db, schoolId, roomId),
  clearEvents: (trx: Queryable, schoolId: string, roomId: string) =>
    clearRoomFromEvents(trx, schoolId, roomId),
  countEntries: (db: Queryable, schoolId: string, roomId: string) => countEntriesInRoom(db, schoolId, roomId),
  clearEntries: (trx: Queryable, schoolId: string, roomId: string) =>
    clearRoomFromEntries(trx, schoolId, roomId),
};
