import { randomUUID } from 'node:crypto';
import {
  NORMAL_WEEK_ID,
  WEEK_DAYS,
  type EventType,
  type Schedule,
  type ScheduleEntry,
  type StoredEvent,
  type WeekDay,
} from '@tun/shared';
import { nowIso, type Queryable } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { CalendarEventTable, ScheduleEntryTable, ScheduleTable } from '../../db/schema';

export const NORMAL_WEEK_NAME = 'Normaluke';

function emptyDays(): Record<WeekDay, ScheduleEntry[]> {
  return { Mo: [], Tu: [], We: [], Th: [], Fr: [], Sa: [], Su: [] };
}

const ids = (json: string): string[] => JSON.parse(json) as string[];

function toEntry(row: ScheduleEntryTable): ScheduleEntry {
  return {
    id: row.id,
    name: row.name,
    from: row.time_from,
    to: row.time_to,
    type: row.type as EventType,
    mandatory: row.mandatory === 1,
    groupsAttending: ids(row.groups_attending),
    roomUsed: row.room_id,
    forClasses: ids(row.for_classes),
    forElectives: ids(row.for_electives),
  };
}

/** Every schedule of the school with its entries, the normal week first: two queries. */
export async function loadSchedules(
  db: Queryable,
  schoolId: string,
  scheduleId?: string,
): Promise<Schedule[]> {
  let schedules = db.selectFrom('schedule').selectAll().where('school_id', '=', schoolId);
  let entries = db.selectFrom('schedule_entry').selectAll().where('school_id', '=', schoolId);
  if (scheduleId !== undefined) {
    schedules = schedules.where('id', '=', scheduleId);
    entries = entries.where('schedule_id', '=', scheduleId);
  }
  const [scheduleRows, entryRows] = await Promise.all([
    schedules.execute(),
    entries.orderBy('position').orderBy('time_from').execute(),
  ]);
  const byId = new Map<string, Schedule>();
  for (const row of scheduleRows) byId.set(row.id, toSchedule(row));
  for (const row of entryRows) {
    const schedule = byId.get(row.schedule_id);
    if (schedule && (WEEK_DAYS as readonly string[]).includes(row.day)) {
      schedule.days[row.day as WeekDay].push(toEntry(row));
    }
  }
  return [...byId.values()].sort(scheduleOrder);
}

function toSchedule(row: ScheduleTable): Schedule {
  return {
    id: row.id,
    name: row.name,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    days: emptyDays(),
    updatedAt: row.updated_at,
  };
}

/** The normal week first, then named schedules by their first day. */
function scheduleOrder(a: Schedule, b: Schedule): number {
  if (a.id === NORMAL_WEEK_ID || b.id === NORMAL_WEEK_ID) return a.id === NORMAL_WEEK_ID ? -1 : 1;
  return (a.validFrom ?? '').localeCompare(b.validFrom ?? '') || a.name.localeCompare(b.name, 'nb');
}

export async function findScheduleRow(db: Queryable, schoolId: string, scheduleId: string) {
  return db
    .selectFrom('schedule')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', scheduleId)
    .executeTakeFirst();
}

/** Every school has its normal week from the start (SPEC §8 'Could not find normalweek!'). */
export async function insertNormalWeek(trx: Queryable, schoolId: string): Promise<void> {
  await insertSchedule(trx, schoolId, {
    id: NORMAL_WEEK_ID,
    name: NORMAL_WEEK_NAME,
    validFrom: null,
    validTo: null,
  });
}

export async function insertSchedule(
  trx: Queryable,
  schoolId: string,
  schedule: { id?: string; name: string; validFrom: string | null; validTo: string | null },
): Promise<string> {
  const id = schedule.id ?? randomUUID();
  const now = nowIso();
  await trx
    .insertInto('schedule')
    .values({
      school_id: schoolId,
      id,
      name: schedule.name,
      valid_from: schedule.validFrom,
      valid_to: schedule.validTo,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateScheduleRow(
  trx: Queryable,
  schoolId: string,
  scheduleId: string,
  update: { name: string; validFrom: string | null; validTo: string | null },
): Promise<string> {
  const now = nowIso();
  await trx
    .updateTable('schedule')
    .set({ name: update.name, valid_from: update.validFrom, valid_to: update.validTo, updated_at: now })
    .where('school_id', '=', schoolId)
    .where('id', '=', scheduleId)
    .execute();
  return now;
}

export async function deleteScheduleRow(trx: Queryable, schoolId: string, scheduleId: string) {
  await trx
    .deleteFrom('schedule_entry')
    .where('school_id', '=', schoolId)
    .where('schedule_id', '=', scheduleId)
    .execute();
  await trx.deleteFrom('schedule').where('school_id', '=', schoolId).where('id', '=', scheduleId).execute();
}

/** Entry ids the school uses, with the schedule each belongs to. */
export async function entryOwners(db: Queryable, schoolId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('schedule_entry')
    .select(['id', 'schedule_id'])
    .where('school_id', '=', schoolId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.schedule_id]));
}

/** Replaces a schedule's entries with these (ids already settled by the service). */
export async function replaceEntries(
  trx: Queryable,
  schoolId: string,
  scheduleId: string,
  days: Record<WeekDay, readonly ScheduleEntry[]>,
): Promise<void> {
  await trx
    .deleteFrom('schedule_entry')
    .where('school_id', '=', schoolId)
    .where('schedule_id', '=', scheduleId)
    .execute();
  const rows: ScheduleEntryTable[] = WEEK_DAYS.flatMap((day) =>
    days[day].map((entry, position) => ({
      school_id: schoolId,
      id: entry.id,
      schedule_id: scheduleId,
      day,
      position,
      name: entry.name,
      time_from: entry.from,
      time_to: entry.to,
      type: entry.type,
      mandatory: entry.mandatory ? 1 : 0,
      groups_attending: JSON.stringify(entry.groupsAttending),
      room_id: entry.roomUsed,
      for_classes: JSON.stringify(entry.forClasses),
      for_electives: JSON.stringify(entry.forElectives),
    })),
  );
  // Chunks keep each statement well under SQLite's limit of bound parameters.
  for (let i = 0; i < rows.length; i += 50) {
    await trx
      .insertInto('schedule_entry')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

/**
 * Entries that may name this line, elective or group in any of their id lists. The text match
 * only narrows the rows; the caller checks the parsed lists.
 */
export async function entriesNaming(db: Queryable, schoolId: string, targetId: string) {
  const quoted = `%${JSON.stringify(targetId)}%`;
  const rows = await db
    .selectFrom('schedule_entry')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('for_classes', 'like', quoted),
        eb('for_electives', 'like', quoted),
        eb('groups_attending', 'like', quoted),
      ]),
    )
    .execute();
  return rows.map((row) => ({ scheduleId: row.schedule_id, entry: toEntry(row) }));
}

export async function setEntryTargets(
  trx: Queryable,
  schoolId: string,
  entryId: string,
  targets: Pick<ScheduleEntry, 'forClasses' | 'forElectives' | 'groupsAttending'>,
) {
  await trx
    .updateTable('schedule_entry')
    .set({
      for_classes: JSON.stringify(targets.forClasses),
      for_electives: JSON.stringify(targets.forElectives),
      groups_attending: JSON.stringify(targets.groupsAttending),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', entryId)
    .execute();
}

export async function deleteEntry(trx: Queryable, schoolId: string, entryId: string) {
  await trx
    .deleteFrom('schedule_entry')
    .where('school_id', '=', schoolId)
    .where('id', '=', entryId)
    .execute();
}

/** Marks schedules changed by something other than saving them whole. */
export async function touchSchedules(trx: Queryable, schoolId: string, scheduleIds: readonly string[]) {
  if (scheduleIds.length === 0) return;
  await trx
    .updateTable('schedule')
    .set({ updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('id', 'in', scheduleIds)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Stored events

export function toStoredEvent(row: CalendarEventTable): StoredEvent {
  return {
    id: row.id,
    name: row.name,
    start: row.time_start,
    end: row.time_end,
    type: row.type as EventType,
    mandatory: row.mandatory === 1,
    roomUsed: row.room_id,
    groupsAttending: ids(row.groups_attending),
    overrides: row.overrides,
    repDeleted: row.rep_deleted === 1,
    createdBy: row.created_by,
  };
}

/**
 * The stored rows a range needs: events that overlap it, and overrides and deletion markers of
 * occurrences starting near it (an override may have been moved far from what it replaces).
 * Both halves use an index on (school_id, time) with a bounded range.
 */
export async function eventsForRange(
  db: Queryable,
  schoolId: string,
  window: {
    startsAfter: string;
    startsBefore: string;
    endsAfter: string;
    replacesAfter: string;
    replacesBefore: string;
  },
): Promise<StoredEvent[]> {
  const [overlapping, replacing] = await Promise.all([
    db
      .selectFrom('calendar_event')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('time_start', '>', window.startsAfter)
      .where('time_start', '<', window.startsBefore)
      .where('time_end', '>', window.endsAfter)
      .execute(),
    db
      .selectFrom('calendar_event')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('replaces_start', '>', window.replacesAfter)
      .where('replaces_start', '<', window.replacesBefore)
      .execute(),
  ]);
  const byId = new Map<string, StoredEvent>();
  for (const row of [...overlapping, ...replacing]) byId.set(row.id, toStoredEvent(row));
  return [...byId.values()];
}

// Every sheet and event read starts here: built once (db/prepared-query.ts).
const eventRowById = preparedQuery((db, value: (name: 'schoolId' | 'eventId') => string) =>
  db
    .selectFrom('calendar_event')
    .selectAll()
    .where('school_id', '=', value('schoolId'))
    .where('id', '=', value('eventId')),
);

export async function findEventRow(db: Queryable, schoolId: string, eventId: string) {
  const [row] = await eventRowById(db, { schoolId, eventId });
  return row;
}

export async function findOverride(db: Queryable, schoolId: string, occurrenceId: string) {
  return db
    .selectFrom('calendar_event')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('overrides', '=', occurrenceId)
    .executeTakeFirst();
}

export interface EventValues {
  name: string;
  start: string;
  end: string;
  type: EventType;
  mandatory: boolean;
  roomUsed: string | null;
  groupsAttending: readonly string[];
}

export async function insertEvent(
  trx: Queryable,
  schoolId: string,
  event: EventValues & {
    id?: string;
    overrides: string | null;
    repDeleted: boolean;
    replacesStart: string | null;
    createdBy: string | null;
  },
): Promise<string> {
  const id = event.id ?? randomUUID();
  const now = nowIso();
  await trx
    .insertInto('calendar_event')
    .values({
      school_id: schoolId,
      id,
      name: event.name,
      time_start: event.start,
      time_end: event.end,
      type: event.type,
      mandatory: event.mandatory ? 1 : 0,
      room_id: event.roomUsed,
      groups_attending: JSON.stringify(event.groupsAttending),
      overrides: event.overrides,
      rep_deleted: event.repDeleted ? 1 : 0,
      replaces_start: event.replacesStart,
      created_by: event.createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateEvent(trx: Queryable, schoolId: string, eventId: string, event: EventValues) {
  await trx
    .updateTable('calendar_event')
    .set({
      name: event.name,
      time_start: event.start,
      time_end: event.end,
      type: event.type,
      mandatory: event.mandatory ? 1 : 0,
      room_id: event.roomUsed,
      groups_attending: JSON.stringify(event.groupsAttending),
      updated_at: nowIso(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', eventId)
    .execute();
}

/** Stored rows (markers included) whose groupsAttending may name this id; the caller checks. */
export async function eventsNaming(db: Queryable, schoolId: string, targetId: string) {
  return db
    .selectFrom('calendar_event')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('groups_attending', 'like', `%${JSON.stringify(targetId)}%`)
    .execute();
}

export async function setEventGroups(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  groupsAttending: readonly string[],
) {
  await trx
    .updateTable('calendar_event')
    .set({ groups_attending: JSON.stringify(groupsAttending), updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('id', '=', eventId)
    .execute();
}

/** A person leaves: their events and activities stay on the calendar; who made them is forgotten. */
export async function forgetEventCreator(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .updateTable('calendar_event')
    .set({ created_by: null })
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .execute();
}

export async function deleteEventRow(trx: Queryable, schoolId: string, eventId: string): Promise<void> {
  await trx
    .deleteFrom('calendar_event')
    .where('school_id', '=', schoolId)
    .where('id', '=', eventId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Who is who: the ids a person's own calendar follows, and what ids of a school exist.

/** The lines (as member, teacher or assistant), electives and temporary groups of a person. */
const targetsOfPersonQuery = preparedQuery((db, value: (name: 'schoolId' | 'personId') => string) =>
  db
    .selectFrom('line_member')
    .select('line_id as id')
    .where('school_id', '=', value('schoolId'))
    .where('person_id', '=', value('personId'))
    .unionAll(
      db
        .selectFrom('line_staff')
        .select('line_id as id')
        .where('school_id', '=', value('schoolId'))
        .where('person_id', '=', value('personId')),
    )
    .unionAll(
      db
        .selectFrom('elective_member')
        .select('elective_id as id')
        .where('school_id', '=', value('schoolId'))
        .where('person_id', '=', value('personId')),
    )
    .unionAll(
      db
        .selectFrom('temp_group_member')
        .select('group_id as id')
        .where('school_id', '=', value('schoolId'))
        .where('person_id', '=', value('personId')),
    ),
);

export async function targetsOfPerson(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<Set<string>> {
  const rows = await targetsOfPersonQuery(db, { schoolId, personId });
  return new Set(rows.map((row) => row.id));
}

export interface SchoolTargets {
  rooms: Set<string>;
  lines: Set<string>;
  electives: Set<string>;
  groups: Set<string>;
  /** Main rooms of lines and electives, for per-line and per-elective occurrences. */
  mainRooms: Map<string, string>;
}

/** The rooms, lines, electives and temporary groups of a school: four small queries. */
export async function schoolTargets(db: Queryable, schoolId: string): Promise<SchoolTargets> {
  const [rooms, lines, electives, groups] = await Promise.all([
    db.selectFrom('room').select('id').where('school_id', '=', schoolId).execute(),
    db.selectFrom('line').select(['id', 'main_room_id']).where('school_id', '=', schoolId).execute(),
    db.selectFrom('elective').select(['id', 'main_room_id']).where('school_id', '=', schoolId).execute(),
    db.selectFrom('temp_group').select('id').where('school_id', '=', schoolId).execute(),
  ]);
  const mainRooms = new Map<string, string>();
  for (const row of [...lines, ...electives]) if (row.main_room_id) mainRooms.set(row.id, row.main_room_id);
  return {
    rooms: new Set(rooms.map((row) => row.id)),
    lines: new Set(lines.map((row) => row.id)),
    electives: new Set(electives.map((row) => row.id)),
    groups: new Set(groups.map((row) => row.id)),
    mainRooms,
  };
}

const personById = preparedQuery((db, value: (name: 'schoolId' | 'personId') => string) =>
  db
    .selectFrom('person')
    .select('id')
    .where('school_id', '=', value('schoolId'))
    .where('id', '=', value('personId')),
);

export async function personExists(db: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const rows = await personById(db, { schoolId, personId });
  return rows.length > 0;
}

export async function eventsCreatedBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('calendar_event')
    .select(['id', 'name', 'time_start', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .orderBy('time_start')
    .execute();
}

/** Stored events from now on that take place in the room. */
export async function countFutureEventsInRoom(
  db: Queryable,
  schoolId: string,
  roomId: string,
): Promise<number> {
  const row = await db
    .selectFrom('calendar_event')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .where('time_end', '>', nowIso())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every stored event, past ones included, lets go of the room; the ids of those that held it. */
export async function clearRoomFromEvents(
  trx: Queryable,
  schoolId: string,
  roomId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('calendar_event')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .execute();
  if (rows.length === 0) return [];
  await trx
    .updateTable('calendar_event')
    .set({ room_id: null, updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .execute();
  return rows.map((row) => row.id);
}

export async function countEntriesInRoom(db: Queryable, schoolId: string, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('schedule_entry')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Schedule entries let go of the room and their schedules count as changed; the schedules' ids. */
export async function clearRoomFromEntries(
  trx: Queryable,
  schoolId: string,
  roomId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('schedule_entry')
    .select('schedule_id')
    .distinct()
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .execute();
  if (rows.length === 0) return [];
  const scheduleIds = rows.map((row) => row.schedule_id);
  await trx
    .updateTable('schedule_entry')
    .set({ room_id: null })
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .execute();
  await trx
    .updateTable('schedule')
    .set({ updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('id', 'in', scheduleIds)
    .execute();
  return scheduleIds;
}
