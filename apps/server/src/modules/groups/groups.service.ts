import { isGroupArchived, todayInSchoolZone, type Group, type GroupUpdate, type Problem } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from '../people/people.service';
import { unknownPeople } from '../people/directory.service';
import { countTargetReferences, releaseTarget } from '../calendar/target-references';
import {
  deleteGroup,
  groupIdsAmong,
  insertGroup,
  loadGroups,
  replaceMembers,
  updateGroup,
  type GroupRecord,
} from './groups.repository';

type FieldErrors = NonNullable<Problem['errors']>;
type Deps = Pick<AppContext, 'database' | 'live'>;

export interface GroupChange {
  name?: string;
  members?: readonly string[];
  endDate?: string | null;
}

function present(record: GroupRecord, today: string): Group {
  return { ...record, archived: isGroupArchived(record.endDate, today) };
}

/** The ids among `ids` that are not groups of the school (a post's audience names them). */
export async function unknownGroups(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set(await groupIdsAmong(db, schoolId, ids));
  return ids.filter((id) => !known.has(id));
}

/** Every group of the school, active and archived, as of today at the school. */
export async function listGroups(db: Queryable, schoolId: string, now = new Date()): Promise<Group[]> {
  const today = todayInSchoolZone(now);
  return (await loadGroups(db, schoolId)).map((record) => present(record, today));
}

export async function loadGroup(db: Queryable, schoolId: string, groupId: string, now = new Date()) {
  const [record] = await loadGroups(db, schoolId, groupId);
  if (!record) throw new ProblemError('not-found');
  return present(record, todayInSchoolZone(now));
}

/**
 * Members must be people of the school, and a new end date may not lie in the past (that
 * would create a group straight into the archive). Every failing field is reported at once.
 */
async function check(db: Queryable, schoolId: string, change: GroupChange, today: string) {
  const errors: FieldErrors = [];
  if (change.endDate && change.endDate < today) {
    errors.push({ path: 'endDate', message: 'Sluttdatoen kan ikke være tilbake i tid.' });
  }
  if (change.members) {
    for (const id of await unknownPeople(db, schoolId, change.members)) {
      errors.push({ path: 'members', message: `Personen finnes ikke: ${id}` });
    }
  }
  if (errors.length > 0) throw new ProblemError('validation-failed', undefined, errors);
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

export async function createGroup(
  deps: Deps,
  actor: Actor,
  input: { name: string; members: readonly string[]; endDate?: string | null },
  now = new Date(),
): Promise<Group> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const today = todayInSchoolZone(now);
    const members = unique(input.members);
    await check(trx, actor.schoolId, { ...input, members }, today);
    const id = await insertGroup(trx, actor.schoolId, {
      name: input.name,
      endDate: input.endDate ?? null,
      createdBy: actor.personId,
    });
    await replaceMembers(trx, actor.schoolId, id, members);
    const group = await loadGroup(trx, actor.schoolId, id, now);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'create',
      entity: 'group',
      entityId: id,
      after: group,
    });
    publish('groups', [id]);
    return group;
  });
}

export async function changeGroup(
  deps: Deps,
  actor: Actor,
  groupId: string,
  input: GroupUpdate,
  now = new Date(),
): Promise<Group> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const today = todayInSchoolZone(now);
    const before = await loadGroup(trx, actor.schoolId, groupId, now);
    const members = input.members && unique(input.members);
    // An archived group keeps its past end date when only its name or members change.
    const endDate = input.endDate === before.endDate ? undefined : input.endDate;
    await check(trx, actor.schoolId, { members, endDate }, today);
    await updateGroup(trx, actor.schoolId, groupId, { name: input.name, endDate });
    if (members) await replaceMembers(trx, actor.schoolId, groupId, members);
    const after = await loadGroup(trx, actor.schoolId, groupId, now);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: 'group',
      entityId: groupId,
      before,
      after,
    });
    publish('groups', [groupId]);
    return after;
  });
}

/** What deleting the group would change in the calendar (decision 013). */
export async function groupReferences(db: Queryable, schoolId: string, groupId: string) {
  await loadGroup(db, schoolId, groupId);
  return countTargetReferences(db, schoolId, groupId);
}

/**
 * The group, its memberships and the calendar's references to it go together, in one transaction.
 */
export async function removeGroup(deps: Deps, actor: Actor, groupId: string): Promise<void> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadGroup(trx, actor.schoolId, groupId);
    await releaseTarget(trx, actor.schoolId, groupId, publish);
    await deleteGroup(trx, actor.schoolId, groupId);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'group',
      entityId: groupId,
      before,
    });
    publish('groups', [groupId]);
  });
}
