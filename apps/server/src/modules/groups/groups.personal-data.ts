/**
 * Temporary groups: membership, and who made a group. Membership stays when a person leaves and
 * goes on erasure; a group someone made stays with its members, its maker forgotten.
 */
import type { PersonalData } from '../privacy/personal-data';

export const groupsPersonalData: PersonalData = {
  name: 'groups',
  columns: { temp_group_member: ['person_id'], temp_group: ['created_by'] },
  export: async (db, schoolId, person) => {
    const [groups, created] = await Promise.all([
      db
        .selectFrom('temp_group_member')
        .innerJoin('temp_group', 'temp_group.id', 'temp_group_member.group_id')
        .select(['temp_group.id', 'temp_group.name', 'temp_group.end_date'])
        .where('temp_group_member.school_id', '=', schoolId)
        .where('temp_group_member.person_id', '=', person.id)
        .orderBy('temp_group.name')
        .execute(),
      db
        .selectFrom('temp_group')
        .select(['id', 'name', 'created_at'])
        .where('school_id', '=', schoolId)
        .where('created_by', '=', person.id)
        .execute(),
    ]);
    return {
      temporaryGroups: groups.map((group) => ({ id: group.id, name: group.name, endDate: group.end_date })),
      temporaryGroupsCreated: created.map((group) => ({
        id: group.id,
        name: group.name,
        createdAt: group.created_at,
      })),
    };
  },
  erase: async (trx, schoolId, person, publish) => {
    const memberships = await trx
      .deleteFrom('temp_group_member')
      .where('school_id', '=', schoolId)
      .where('person_id', '=', person.id)
      .returning('group_id')
      .execute();
    const made = await trx
      .updateTable('temp_group')
      .set({ created_by: null })
      .where('school_id', '=', schoolId)
      .where('created_by', '=', person.id)
      .returning('id')
      .execute();
    const changed = new Set([...memberships.map((row) => row.group_id), ...made.map((row) => row.id)]);
    if (changed.size > 0) publish('groups', [...changed]);
  },
};
