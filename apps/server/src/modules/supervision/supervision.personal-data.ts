/**
 * The school's current supervision names a person. Someone who leaves or is erased is on duty
 * no more: the school then shows nobody, as when a supervisor signs off.
 */
import type { Trx } from '../../db/database';
import type { Publish } from '../../db/write';
import type { PersonalData } from '../privacy/personal-data';
import { findSupervision, setCurrentSupervision } from './supervision.repository';

async function signOff(trx: Trx, schoolId: string, personId: string, publish: Publish) {
  const current = await findSupervision(trx, schoolId);
  if (current?.current_supervision !== personId) return;
  await setCurrentSupervision(trx, schoolId, null);
  publish('school', [schoolId]);
}

export const supervisionPersonalData: PersonalData = {
  name: 'supervision',
  columns: { school: ['current_supervision'] },
  export: async (db, schoolId, person) => ({
    isCurrentSupervisor: (await findSupervision(db, schoolId))?.current_supervision === person.id,
  }),
  leave: (trx, schoolId, person, publish) => signOff(trx, schoolId, person.id, publish),
  erase: (trx, schoolId, person, publish) => signOff(trx, schoolId, person.id, publish),
};
