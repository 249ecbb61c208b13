/**
 * The person's own row and roles. On erasure the row stays as a pseudonym: no name (it reads
 * «Slettet bruker»), no contact, no account, no roles, with the day they left and when they were
 * erased. The records the school keeps (attendance, line membership) still point at it, so a
 * line's report counts the same minutes after an erasure as before, and nobody can tell from
 * Tun who it was.
 */
import { isRole, ROLE_LABELS_NB, todayInSchoolZone } from '@tun/shared';
import type { PersonalData } from '../privacy/personal-data';
import { deleteRolesOf, erasePersonRow, mutableData, personName, rolesOfPerson } from './people.repository';

export const ERASED_NAME = { first: 'Slettet', last: 'bruker' } as const;

export const peoplePersonalData: PersonalData = {
  name: 'people',
  columns: { person_role: ['person_id'] },
  export: async (db, schoolId, person) => {
    const roles = await rolesOfPerson(db, schoolId, person.id);
    return {
      person: {
        id: person.id,
        name: personName(person),
        email: person.email,
        phone: person.phone,
        room: person.room,
        feideId: person.feide_id,
        userMutableData: mutableData(person),
        leftOn: person.left_on,
        createdAt: person.created_at,
        updatedAt: person.updated_at,
      },
      roles: roles.map((role) => ({ role, label: isRole(role) ? ROLE_LABELS_NB[role] : role })),
    };
  },
  erase: async (trx, schoolId, person, publish) => {
    await deleteRolesOf(trx, schoolId, person.id);
    await erasePersonRow(trx, schoolId, person.id, {
      name: ERASED_NAME,
      leftOn: person.left_on ?? todayInSchoolZone(),
    });
    publish('people', [person.id]);
  },
};
