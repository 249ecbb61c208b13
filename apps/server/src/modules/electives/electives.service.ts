import type { Elective, ElectiveInput, ElectiveUpdate, Problem } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { findRoom } from '../rooms/rooms.service';
import { countTargetReferences, releaseTarget } from '../calendar/target-references';
import { unknownPeople } from '../people/directory.service';
import {
  clearElectiveMainRoom,
  deleteElective,
  electiveExists,
  electiveIdsAmong,
  electivesWithMainRoom,
  insertElective,
  loadElectives,
  replaceMembers,
  updateElective,
} from './electives.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

/**
 * The main room and the members must belong to the school. Everything wrong is reported at
 * once, by field, before anything is written.
 */
async function checkReferences(
  db: Queryable,
  schoolId: string,
  input: { mainRoom?: string | null; members?: readonly string[] },
): Promise<void> {
  const errors: NonNullable<Problem['errors']> = [];
  if (input.mainRoom && !(await findRoom(db, schoolId, input.mainRoom))) {
    errors.push({ path: 'body.mainRoom', message: `Rommet finnes ikke: ${input.mainRoom}` });
  }
  for (const id of await unknownPeople(db, schoolId, input.members ?? [])) {
    errors.push({ path: 'body.members', message: `Personen finnes ikke: ${id}` });
  }
  if (errors.length > 0) throw new ProblemError('validation-failed', undefined, errors);
}

async function loadElective(db: Queryable, schoolId: string, electiveId: string): Promise<Elective> {
  const [elective] = await loadElectives(db, schoolId, [electiveId]);
  if (!elective) throw new ProblemError('not-found');
  return elective;
}

/** The ids among `ids` that are not electives of the school (a post's audience names them). */
export async function unknownElectives(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set(await electiveIdsAmong(db, schoolId, ids));
  return ids.filter((id) => !known.has(id));
}

/** The school's electives with their members. */
export function listElectives(db: Queryable, schoolId: string): Promise<Elective[]> {
  return loadElectives(db, schoolId);
}

export function getElective(db: Queryable, schoolId: string, electiveId: string): Promise<Elective> {
  return loadElective(db, schoolId, electiveId);
}

export async function createElective(deps: Deps, schoolId: string, input: ElectiveInput): Promise<Elective> {
  const members = [...new Set(input.members)];
  return write(deps, schoolId, async (trx, publish) => {
    await checkReferences(trx, schoolId, { mainRoom: input.mainRoom, members });
    const id = await insertElective(trx, schoolId, {
      name: input.name,
      color: input.color,
      mainRoom: input.mainRoom ?? null,
    });
    await replaceMembers(trx, schoolId, id, members);
    publish('electives', [id]);
    return loadElective(trx, schoolId, id);
  });
}

export async function changeElective(
  deps: Deps,
  schoolId: string,
  electiveId: string,
  update: ElectiveUpdate,
): Promise<Elective> {
  const members = update.members === undefined ? undefined : [...new Set(update.members)];
  return write(deps, schoolId, async (trx, publish) => {
    // Another school's id is 'not found', before anything about the body is said.
    if (!(await electiveExists(trx, schoolId, electiveId))) throw new ProblemError('not-found');
    await checkReferences(trx, schoolId, { mainRoom: update.mainRoom, members });
    await updateElective(trx, schoolId, electiveId, update);
    if (members) await replaceMembers(trx, schoolId, electiveId, members);
    publish('electives', [electiveId]);
    return loadElective(trx, schoolId, electiveId);
  });
}

/** What deleting the elective would change in the calendar (decision 013). */
export async function electiveReferences(db: Queryable, schoolId: string, electiveId: string) {
  if (!(await electiveExists(db, schoolId, electiveId))) throw new ProblemError('not-found');
  return countTargetReferences(db, schoolId, electiveId);
}

/** The elective, its memberships and the calendar's references to it go together. */
export async function removeElective(deps: Deps, schoolId: string, electiveId: string): Promise<void> {
  await write(deps, schoolId, async (trx, publish) => {
    if (!(await electiveExists(trx, schoolId, electiveId))) throw new ProblemError('not-found');
    await releaseTarget(trx, schoolId, electiveId, publish);
    await deleteElective(trx, schoolId, electiveId);
    publish('electives', [electiveId]);
  });
}

/** The electives with `roomId` as their main room, and letting go of it when the room is deleted. */
export const electivesMainRoom = {
  holders: (db: Queryable, schoolId: string, roomId: string) => electivesWithMainRoom(db, schoolId, roomId),
  clear: (trx: Queryable, schoolId: string, roomId: string) => clearElectiveMainRoom(trx, schoolId, roomId),
};
