/**
 * Passkeys: the export names them and says when they were made and last used, never the keys.
 * They go when the person leaves (someone who left signs in no more) and when they are erased.
 */
import type { PersonalData } from '../privacy/personal-data';
import { deletePasskeysOf, passkeysOf } from './passkeys.repository';

export const passkeysPersonalData: PersonalData = {
  name: 'passkeys',
  columns: { passkey: ['person_id', 'user_id'] },
  export: async (db, schoolId, person) => ({
    passkeys: (await passkeysOf(db, schoolId, person.id)).map((passkey) => ({
      name: passkey.name,
      createdAt: passkey.created_at,
      lastUsedAt: passkey.last_used_at,
    })),
  }),
  leave: (trx, schoolId, person) => deletePasskeysOf(trx, schoolId, person.id),
  erase: (trx, schoolId, person) => deletePasskeysOf(trx, schoolId, person.id),
};
