/**
 * What points at a room, and how to let go of it (SPEC §4 'Room deletion', §8). The references
 * endpoint counts with this list and DELETE clears with it, inside the deleting transaction, so
 * a kind added here is both reported and cleaned up.
 *
 * Calendar events count only from now on (the dialog warns about what will change), but every
 * event, past ones included, lets go of the room, since the room is gone.
 *
 * The services that ask other modules live here, not in rooms.service.ts: lines and electives
 * call rooms.service to check a main room, so rooms.service must not import them back.
 */
import type { RoomReferenceKind, RoomReferences } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable, Trx } from '../../db/database';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { calendarRooms } from '../calendar/calendar.service';
import { electivesMainRoom } from '../electives/electives.service';
import { linesMainRoom } from '../lines/lines.service';
import { deleteRoom } from './rooms.repository';
import { findRoom } from './rooms.service';

type Deps = Pick<AppContext, 'database' | 'live'>;

export interface RoomReference {
  kind: RoomReferenceKind;
  count(db: Queryable, schoolId: string, roomId: string): Promise<number>;
  /** Removes the room from every referencing record and announces the records it changed. */
  clear(trx: Trx, schoolId: string, roomId: string, publish: Publish): Promise<void>;
}

/** Lines and electives keep a main room by id; both lose it together with the room. */
function mainRoomReference(
  kind: 'lines' | 'electives',
  owner: typeof linesMainRoom | typeof electivesMainRoom,
): RoomReference {
  return {
    kind,
    count: async (db, schoolId, roomId) => (await owner.holders(db, schoolId, roomId)).length,
    clear: async (trx, schoolId, roomId, publish) => {
      const changed = await owner.holders(trx, schoolId, roomId);
      if (changed.length === 0) return;
      await owner.clear(trx, schoolId, roomId);
      publish(kind, changed);
    },
  };
}

/** Stored events (SPEC §4 'roomUsed'); deletion markers hold no room. */
const futureEvents: RoomReference = {
  kind: 'futureEvents',
  count: (db, schoolId, roomId) => calendarRooms.countFutureEvents(db, schoolId, roomId),
  clear: async (trx, schoolId, roomId, publish) => {
    const eventIds = await calendarRooms.clearEvents(trx, schoolId, roomId);
    if (eventIds.length > 0) publish('calendar', eventIds);
  },
};

/** Entries of the weekly schedules (SPEC §4 'the normalWeek schedule'), named schedules included. */
const scheduleEvents: RoomReference = {
  kind: 'scheduleEvents',
  count: (db, schoolId, roomId) => calendarRooms.countEntries(db, schoolId, roomId),
  clear: async (trx, schoolId, roomId, publish) => {
    const scheduleIds = await calendarRooms.clearEntries(trx, schoolId, roomId);
    if (scheduleIds.length > 0) publish('calendar', scheduleIds);
  },
};

export const ROOM_REFERENCES: readonly RoomReference[] = [
  futureEvents,
  scheduleEvents,
  mainRoomReference('lines', linesMainRoom),
  mainRoomReference('electives', electivesMainRoom),
];

const NONE: RoomReferences = { futureEvents: 0, scheduleEvents: 0, lines: 0, electives: 0 };

export async function countRoomReferences(
  db: Queryable,
  schoolId: string,
  roomId: string,
  references: readonly RoomReference[] = ROOM_REFERENCES,
): Promise<RoomReferences> {
  const counts = { ...NONE };
  for (const reference of references) counts[reference.kind] += await reference.count(db, schoolId, roomId);
  return counts;
}

export async function clearRoomReferences(
  trx: Trx,
  schoolId: string,
  roomId: string,
  publish: Publish,
  references: readonly RoomReference[] = ROOM_REFERENCES,
): Promise<void> {
  for (const reference of references) await reference.clear(trx, schoolId, roomId, publish);
}

/** What deleting the room would clear; 404 for a room that is not the school's. */
export async function roomReferences(db: Queryable, schoolId: string, roomId: string) {
  if (!(await findRoom(db, schoolId, roomId))) throw new ProblemError('not-found');
  return countRoomReferences(db, schoolId, roomId);
}

/** Clears the room from everything that uses it and deletes it: all of it, or none of it. */
export async function removeRoom(deps: Deps, schoolId: string, roomId: string): Promise<void> {
  await write(deps, schoolId, async (trx, publish) => {
    if (!(await findRoom(trx, schoolId, roomId))) throw new ProblemError('not-found');
    await clearRoomReferences(trx, schoolId, roomId, publish);
    await deleteRoom(trx, schoolId, roomId);
    publish('rooms', [roomId]);
  });
}
