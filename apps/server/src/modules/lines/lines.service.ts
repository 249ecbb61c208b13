import type { Line, LineDetails, LineInput, LineUpdate, Problem } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from '../people/people.service';
import { formerAmong, unknownPeople } from '../people/directory.service';
import { findRoom } from '../rooms/rooms.service';
import { countTargetReferences, releaseTarget } from '../calendar/target-references';
import {
  addMembers,
  clearLineMainRoom,
  deleteLine,
  insertLine,
  lineExists,
  lineIdsAmong,
  linesWithMainRoom,
  loadLines,
  memberIds,
  removeMembers,
  replaceStaff,
  updateLine,
} from './lines.repository';

type FieldErrors = NonNullable<Problem['errors']>;
type Deps = Pick<AppContext, 'database' | 'live'>;

async function checkPeople(db: Queryable, schoolId: string, path: string, ids: readonly string[]) {
  const unknown = await unknownPeople(db, schoolId, ids);
  return unknown.map((id) => ({ path, message: `Personen finnes ikke: ${id}` }));
}

/**
 * Everything a line refers to must belong to the school: its room and its staff. All failing
 * fields are reported together, and nothing is written.
 */
async function checkReferences(db: Queryable, schoolId: string, input: LineUpdate): Promise<void> {
  const errors: FieldErrors = [];
  if (input.mainRoom && !(await findRoom(db, schoolId, input.mainRoom))) {
    errors.push({ path: 'mainRoom', message: `Rommet finnes ikke: ${input.mainRoom}` });
  }
  if (input.teachers) errors.push(...(await checkPeople(db, schoolId, 'teachers', input.teachers)));
  if (input.assistants) errors.push(...(await checkPeople(db, schoolId, 'assistants', input.assistants)));
  if (errors.length > 0) throw new ProblemError('validation-failed', undefined, errors);
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The ids among `ids` that are not lines of the school. */
export async function unknownLines(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set(await lineIdsAmong(db, schoolId, ids));
  return ids.filter((id) => !known.has(id));
}

export function listLines(db: Queryable, schoolId: string): Promise<Line[]> {
  return loadLines(db, schoolId);
}

export async function loadLine(db: Queryable, schoolId: string, lineId: string): Promise<LineDetails> {
  const [line] = await loadLines(db, schoolId, [lineId]);
  if (!line) throw new ProblemError('not-found');
  return { ...line, members: await memberIds(db, schoolId, lineId) };
}

export async function createLine(deps: Deps, actor: Actor, input: LineInput): Promise<Line> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const teachers = unique(input.teachers);
    const assistants = unique(input.assistants);
    await checkReferences(trx, actor.schoolId, { ...input, teachers, assistants });
    const id = await insertLine(trx, actor.schoolId, {
      name: input.name,
      shortName: input.shortName,
      color: input.color,
      mainRoom: input.mainRoom ?? null,
    });
    await replaceStaff(trx, actor.schoolId, id, 'teacher', teachers);
    await replaceStaff(trx, actor.schoolId, id, 'assistant', assistants);
    const line = await loadLine(trx, actor.schoolId, id);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'create',
      entity: 'line',
      entityId: id,
      after: line,
    });
    publish('lines', [id]);
    return line;
  });
}

export async function changeLine(deps: Deps, actor: Actor, lineId: string, input: LineUpdate): Promise<Line> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadLine(trx, actor.schoolId, lineId);
    const teachers = input.teachers && unique(input.teachers);
    const assistants = input.assistants && unique(input.assistants);
    await checkReferences(trx, actor.schoolId, { ...input, teachers, assistants });
    await updateLine(trx, actor.schoolId, lineId, {
      name: input.name,
      shortName: input.shortName,
      color: input.color,
      mainRoom: input.mainRoom,
    });
    if (teachers) await replaceStaff(trx, actor.schoolId, lineId, 'teacher', teachers);
    if (assistants) await replaceStaff(trx, actor.schoolId, lineId, 'assistant', assistants);
    const after = await loadLine(trx, actor.schoolId, lineId);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: 'line',
      entityId: lineId,
      before,
      after,
    });
    publish('lines', [lineId]);
    return after;
  });
}

/** What deleting the line would change in the calendar (decision 013). */
export async function lineReferences(db: Queryable, schoolId: string, lineId: string) {
  if (!(await lineExists(db, schoolId, lineId))) throw new ProblemError('not-found');
  return countTargetReferences(db, schoolId, lineId);
}

/**
 * SPEC §4 'Group deletion': the line goes, and so does every member's membership of it, in one
 * transaction. The foreign keys would cascade too; removing the memberships here
 * keeps the rule visible and lets the people whose memberOf changed be announced. The calendar
 * lets go of the line in the same transaction.
 */
export async function removeLine(deps: Deps, actor: Actor, lineId: string) {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadLine(trx, actor.schoolId, lineId);
    await releaseTarget(trx, actor.schoolId, lineId, publish);
    await deleteLine(trx, actor.schoolId, lineId);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'line',
      entityId: lineId,
      before,
    });
    publish('lines', [lineId]);
    if (before.members.length > 0) publish('people', before.members);
    return { removedMembers: before.members.length };
  });
}

/** Sets exactly who the line's members are (their memberOf), audited as a change to users. */
export async function setMembers(
  deps: Deps,
  actor: Actor,
  lineId: string,
  personIds: readonly string[],
): Promise<LineDetails> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    if (!(await lineExists(trx, actor.schoolId, lineId))) throw new ProblemError('not-found');
    const wanted = unique(personIds);
    const errors = await checkPeople(trx, actor.schoolId, 'personIds', wanted);
    if (errors.length > 0) throw new ProblemError('validation-failed', undefined, errors);
    const before = await memberIds(trx, actor.schoolId, lineId);
    const current = new Set(before);
    const wantedSet = new Set(wanted);
    const added = wanted.filter((id) => !current.has(id));
    // Pickers list only people at the school; a former member stays, for the line's reports.
    const former = await formerAmong(trx, actor.schoolId, before);
    const removed = before.filter((id) => !wantedSet.has(id) && !former.has(id));
    await removeMembers(trx, actor.schoolId, lineId, removed);
    await addMembers(trx, actor.schoolId, lineId, added);
    const line = await loadLine(trx, actor.schoolId, lineId);
    if (added.length > 0 || removed.length > 0) {
      await recordAudit(trx, {
        schoolId: actor.schoolId,
        actorPersonId: actor.personId,
        action: 'update',
        entity: 'line-members',
        entityId: lineId,
        before: { members: before },
        after: { members: line.members },
      });
      publish('lines', [lineId]);
      publish('people', [...added, ...removed]);
    }
    return line;
  });
}

/** The lines with `roomId` as their main room, and letting go of it when the room is deleted. */
export const linesMainRoom = {
  holders: (db: Queryable, schoolId: string, roomId: string) => linesWithMainRoom(db, schoolId, roomId),
  clear: (trx: Queryable, schoolId: string, roomId: string) => clearLineMainRoom(trx, schoolId, roomId),
};

export function isLine(db: Queryable, schoolId: string, lineId: string): Promise<boolean> {
  return lineExists(db, schoolId, lineId);
}
