/**
 * The evening checks of the house (decision 027): a person's own checks are exported with them
 * and erased with them; leaving keeps them (the school's record of who was in the house). Who
 * checked others is in the export only as a count, and forgotten at erasure.
 */
import type { PersonalData } from '../privacy/personal-data';
import { checksOfPerson, countChecksBy, deleteChecksOf, forgetChecker } from './house.repository';

export const housePersonalData: PersonalData = {
  name: 'house',
  columns: { house_check: ['person_id', 'checked_by'] },
  export: async (db, schoolId, person) => {
    const [checks, checksMade] = await Promise.all([
      checksOfPerson(db, schoolId, person.id),
      countChecksBy(db, schoolId, person.id),
    ]);
    return {
      houseChecks: checks.map((row) => ({
        night: row.night,
        status: row.status,
        checkedAt: row.checked_at,
        checkedBy: row.checked_by,
      })),
      houseChecksMadeOfOthers: checksMade,
    };
  },
  erase: async (trx, schoolId, person, publish) => {
    if (await deleteChecksOf(trx, schoolId, person.id)) publish('house', [person.id]);
    const checked = await forgetChecker(trx, schoolId, person.id);
    if (checked.length > 0) publish('house', checked);
  },
};
