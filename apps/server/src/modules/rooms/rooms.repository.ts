import { randomUUID } from 'node:crypto';
import type { Room } from '@tun/shared';
import { nowIso, type Queryable } from '../../db/database';
import { sameName, sortByName } from '../../db/rows';

// Numeric, so that "Rom 2" comes before "Rom 10".

export async function listRooms(db: Queryable, schoolId: string): Promise<Room[]> {
  const rows = await db.selectFrom('room').select(['id', 'name']).where('school_id', '=', schoolId).execute();
  return sortByName(rows);
}

/** One room of one school; another school's id finds nothing. */
export async function findRoom(db: Queryable, schoolId: string, roomId: string): Promise<Room | undefined> {
  return db
    .selectFrom('room')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('id', '=', roomId)
    .executeTakeFirst();
}

/** A room of the school with the same name, ignoring case and accents; `except` is the room being renamed. */
export async function findRoomNamed(
  db: Queryable,
  schoolId: string,
  name: string,
  except?: string,
): Promise<Room | undefined> {
  const rooms = await listRooms(db, schoolId);
  return rooms.find((room) => room.id !== except && sameName(room.name, name));
}

export async function insertRoom(trx: Queryable, schoolId: string, name: string): Promise<Room> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('room')
    .values({ id, school_id: schoolId, name, created_at: now, updated_at: now })
    .execute();
  return { id, name };
}

export async function renameRoom(trx: Queryable, schoolId: string, roomId: string, name: string) {
  await trx
    .updateTable('room')
    .set({ name, updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('id', '=', roomId)
    .execute();
}

export async function deleteRoom(trx: Queryable, schoolId: string, roomId: string): Promise<void> {
  await trx.deleteFrom('room').where('school_id', '=', schoolId).where('id', '=', roomId).execute();
}
