/**
 * Temporary groups: membership, and who made a group. Membership stays when a person leaves and
 * goes on erasure; a group someone made stays with its members, its maker forgotten.
 */
import type { PersonalData } from '../privacy/personal-data';
import {
  deleteGroupMembershipsOf,
  forgetGroupCreator,
  groupsCreatedBy,
  groupsOfPerson,
} from './groups.repository';

export const groupsPersonalData: PersonalData = {
  name: 'groups',
  columns: { temp_group_member: ['person_id'], temp_group: ['created_by'] },
  export: async (db, schoolId, person) => {
    const [groups, created] = await Promise.all([
      groupsOfPerson(db, schoolId, person.id),
      groupsCreatedBy(db, schoolId, person.id),
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
    const memberships = await deleteGroupMembershipsOf(trx, schoolId, person.id);
    const made = await forgetGroupCreator(trx, schoolId, person.id);
    const changed = new Set([...memberships, ...made]);
    if (changed.size > 0) publish('groups', [...changed]);
  },
};
