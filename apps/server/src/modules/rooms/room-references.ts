/**
 * What points at a room, and how to let go of it (SPEC §4 'Room deletion', §8). The references
 * endpoint counts with this list and DELETE clears with it, inside the deleting transaction, so
 * a kind added here is both reported and cleaned up.
 *
 * Calendar events count only from now on (the dialog warns about what will change), but every
 * event, past ones included, lets go of the room, since the room is gone.
 */
import type { RoomReferenceKind, RoomReferences } from '@tun/shared';
import type { Queryable, Trx } from '../../db/database';
import { nowIso } from '../../db/database';
import type { Publish } from '../../db/write';

export interface RoomReference {
  kind: RoomReferenceKind;
  count(db: Queryable, schoolId: string, roomId: string): Promise<number>;
  /** Removes the room from every referencing record and announces the records it changed. */
  clear(trx: Trx, schoolId: string, roomId: string, publish: Publish): Promise<void>;
}

/** Lines and electives keep a main room by id; both lose it together with the room. */
function mainRoomReference(kind: 'lines' | 'electives', table: 'line' | 'elective'): RoomReference {
  const ids = async (db: Queryable, schoolId: string, roomId: string) => {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('school_id', '=', schoolId)
      .where('main_room_id', '=', roomId)
      .execute();
    return rows.map((row) => row.id);
  };
  return {
    kind,
    count: async (db, schoolId, roomId) => (await ids(db, schoolId, roomId)).length,
    clear: async (trx, schoolId, roomId, publish) => {
      const changed = await ids(trx, schoolId, roomId);
      if (changed.length === 0) return;
      await trx
        .updateTable(table)
        .set({ main_room_id: null, updated_at: nowIso() })
        .where('school_id', '=', schoolId)
        .where('main_room_id', '=', roomId)
        .execute();
      publish(kind, changed);
    },
  };
}

/** Stored events (SPEC §4 'roomUsed'); deletion markers hold no room. */
const futureEvents: RoomReference = {
  kind: 'futureEvents',
  count: async (db, schoolId, roomId) => {
    const row = await db
      .selectFrom('calendar_event')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .where('time_end', '>', nowIso())
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  clear: async (trx, schoolId, roomId, publish) => {
    const rows = await trx
      .selectFrom('calendar_event')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .execute();
    if (rows.length === 0) return;
    await trx
      .updateTable('calendar_event')
      .set({ room_id: null, updated_at: nowIso() })
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .execute();
    publish(
      'calendar',
      rows.map((row) => row.id),
    );
  },
};

/** Entries of the weekly schedules (SPEC §4 'the normalWeek schedule'), named schedules included. */
const scheduleEvents: RoomReference = {
  kind: 'scheduleEvents',
  count: async (db, schoolId, roomId) => {
    const row = await db
      .selectFrom('schedule_entry')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  clear: async (trx, schoolId, roomId, publish) => {
    const rows = await trx
      .selectFrom('schedule_entry')
      .select('schedule_id')
      .distinct()
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .execute();
    if (rows.length === 0) return;
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
      .where(
        'id',
        'in',
        rows.map((row) => row.schedule_id),
      )
      .execute();
    publish(
      'calendar',
      rows.map((row) => row.schedule_id),
    );
  },
};

export const ROOM_REFERENCES: readonly RoomReference[] = [
  futureEvents,
  scheduleEvents,
  mainRoomReference('lines', 'line'),
  mainRoomReference('electives', 'elective'),
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
