/**
 * Elective membership. It stays when a student leaves (lists hide former people; undoing the
 * leave restores it) and goes on erasure: no report sums by elective.
 */
import type { PersonalData } from '../privacy/personal-data';

export const electivesPersonalData: PersonalData = {
  name: 'electives',
  columns: { elective_member: ['person_id'] },
  export: async (db, schoolId, person) => ({
    electives: await db
      .selectFrom('elective_member')
      .innerJoin('elective', 'elective.id', 'elective_member.elective_id')
      .select(['elective.id', 'elective.name'])
      .where('elective_member.school_id', '=', schoolId)
      .where('elective_member.person_id', '=', person.id)
      .orderBy('elective.name')
      .execute(),
  }),
  erase: async (trx, schoolId, person, publish) => {
    const rows = await trx
      .deleteFrom('elective_member')
      .where('school_id', '=', schoolId)
      .where('person_id', '=', person.id)
      .returning('elective_id')
      .execute();
    if (rows.length > 0)
      publish(
        'electives',
        rows.map((row) => row.elective_id),
      );
  },
};
