import type { Room, RoomInput } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { findRoomNamed, insertRoom, renameRoom } from './rooms.repository';
import * as repository from './rooms.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

/** The school's rooms, by name (numeric, so that "Rom 2" comes before "Rom 10"). */
export async function listRooms(db: Queryable, schoolId: string): Promise<Room[]> {
  return repository.listRooms(db, schoolId);
}

/** One room of one school; another school's id finds nothing. */
export async function findRoom(db: Queryable, schoolId: string, roomId: string): Promise<Room | undefined> {
  return repository.findRoom(db, schoolId, roomId);
}

/** One room of the school, or 404 (another school's id included). */
export async function loadRoom(db: Queryable, schoolId: string, roomId: string): Promise<Room> {
  const room = await findRoom(db, schoolId, roomId);
  if (!room) throw new ProblemError('not-found');
  return room;
}

/**
 * A room has nothing but its name, and every room picker shows only that name: two rooms
 * called the same could not be told apart, so a second one is refused.
 */
async function ensureNameFree(db: Queryable, schoolId: string, name: string, except?: string) {
  const taken = await findRoomNamed(db, schoolId, name, except);
  if (taken) {
    throw new ProblemError('conflict', undefined, [
      { path: 'body.name', message: `Det finnes allerede et rom som heter «${taken.name}».` },
    ]);
  }
}

export async function createRoom(deps: Deps, schoolId: string, input: RoomInput): Promise<Room> {
  return write(deps, schoolId, async (trx, publish) => {
    await ensureNameFree(trx, schoolId, input.name);
    const room = await insertRoom(trx, schoolId, input.name);
    publish('rooms', [room.id]);
    return room;
  });
}

export async function changeRoom(deps: Deps, schoolId: string, roomId: string, input: RoomInput) {
  return write(deps, schoolId, async (trx, publish) => {
    if (!(await findRoom(trx, schoolId, roomId))) throw new ProblemError('not-found');
    await ensureNameFree(trx, schoolId, input.name, roomId);
    await renameRoom(trx, schoolId, roomId, input.name);
    publish('rooms', [roomId]);
    return { id: roomId, name: input.name };
  });
}
