/**
 * Elective membership. It stays when a student leaves (lists hide former people; undoing the
 * leave restores it) and goes on erasure: no report sums by elective.
 */
import type { PersonalData } from '../privacy/personal-data';
import { deleteMembershipsOf, electivesOfPerson } from './electives.repository';

export const electivesPersonalData: PersonalData = {
  name: 'electives',
  columns: { elective_member: ['person_id'] },
  export: async (db, schoolId, person) => ({
    electives: await electivesOfPerson(db, schoolId, person.id),
  }),
  erase: async (trx, schoolId, person, publish) => {
    const electiveIds = await deleteMembershipsOf(trx, schoolId, person.id);
    if (electiveIds.length > 0) publish('electives', electiveIds);
  },
};
