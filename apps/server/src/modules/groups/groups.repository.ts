import { randomUUID } from 'node:crypto';
import { nowIso, type Queryable } from '../../db/database';

export interface GroupRecord {
  id: string;
  name: string;
  endDate: string | null;
  createdBy: string | null;
  members: string[];
}

/**
 * Temporary groups of a school with their members' ids: all of them, or the one with `id`.
 * Two queries, whatever the number of groups.
 */
export async function loadGroups(db: Queryable, schoolId: string, id?: string): Promise<GroupRecord[]> {
  let groups = db
    .selectFrom('temp_group')
    .select(['id', 'name', 'end_date', 'created_by'])
    .where('school_id', '=', schoolId);
  let members = db
    .selectFrom('temp_group_member')
    .select(['group_id', 'person_id'])
    .where('school_id', '=', schoolId);
  if (id !== undefined) {
    groups = groups.where('id', '=', id);
    members = members.where('group_id', '=', id);
  }
  const [groupRows, memberRows] = await Promise.all([
    groups.orderBy('name').orderBy('id').execute(),
    members.execute(),
  ]);
  const membersOf = new Map<string, string[]>();
  for (const row of memberRows) {
    const list = membersOf.get(row.group_id);
    if (list) list.push(row.person_id);
    else membersOf.set(row.group_id, [row.person_id]);
  }
  return groupRows.map((row) => ({
    id: row.id,
    name: row.name,
    endDate: row.end_date,
    createdBy: row.created_by,
    members: membersOf.get(row.id) ?? [],
  }));
}

export async function insertGroup(
  trx: Queryable,
  schoolId: string,
  group: { name: string; endDate: string | null; createdBy: string | null },
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('temp_group')
    .values({
      id,
      school_id: schoolId,
      name: group.name,
      end_date: group.endDate,
      created_by: group.createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateGroup(
  trx: Queryable,
  schoolId: string,
  groupId: string,
  update: { name?: string; endDate?: string | null },
): Promise<void> {
  await trx
    .updateTable('temp_group')
    .set({
      ...(update.name === undefined ? {} : { name: update.name }),
      ...(update.endDate === undefined ? {} : { end_date: update.endDate }),
      updated_at: nowIso(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', groupId)
    .execute();
}

export async function replaceMembers(
  trx: Queryable,
  schoolId: string,
  groupId: string,
  personIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('temp_group_member')
    .where('school_id', '=', schoolId)
    .where('group_id', '=', groupId)
    .execute();
  if (personIds.length === 0) return;
  await trx
    .insertInto('temp_group_member')
    .values(personIds.map((personId) => ({ group_id: groupId, person_id: personId, school_id: schoolId })))
    .execute();
}

export async function deleteGroup(trx: Queryable, schoolId: string, groupId: string): Promise<void> {
  await trx
    .deleteFrom('temp_group_member')
    .where('school_id', '=', schoolId)
    .where('group_id', '=', groupId)
    .execute();
  await trx.deleteFrom('temp_group').where('school_id', '=', schoolId).where('id', '=', groupId).execute();
}

/** The ids among `ids` that are groups of the school, archived ones included. */
export async function groupIdsAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('temp_group')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export async function groupsOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('temp_group_member')
    .innerJoin('temp_group', 'temp_group.id', 'temp_group_member.group_id')
    .select(['temp_group.id', 'temp_group.name', 'temp_group.end_date'])
    .where('temp_group_member.school_id', '=', schoolId)
    .where('temp_group_member.person_id', '=', personId)
    .orderBy('temp_group.name')
    .execute();
}

export async function groupsCreatedBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('temp_group')
    .select(['id', 'name', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .execute();
}

/** Removes the person from every group; the groups they were in. */
export async function deleteGroupMembershipsOf(
  trx: Queryable,
  schoolId: string,
  personId: string,
): Promise<string[]> {
  const rows = await trx
    .deleteFrom('temp_group_member')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .returning('group_id')
    .execute();
  return rows.map((row) => row.group_id);
}

/** The groups the person made lose their maker; their ids. */
export async function forgetGroupCreator(
  trx: Queryable,
  schoolId: string,
  personId: string,
): Promise<string[]> {
  const rows = await trx
    .updateTable('temp_group')
    .set({ created_by: null })
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
