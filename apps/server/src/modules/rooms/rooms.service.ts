import type { Room, RoomInput } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { clearRoomReferences, countRoomReferences } from './room-references';
import { deleteRoom, findRoom, findRoomNamed, insertRoom, renameRoom } from './rooms.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

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
