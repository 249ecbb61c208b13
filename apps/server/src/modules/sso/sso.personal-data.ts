/**
 * Accounts at a school's providers linked to a person: the export names the provider and when
 * the link was made and last used, never the subject. They go when the person leaves (someone
 * who left signs in no more) and when they are erased.
 */
import type { PersonalData } from '../privacy/personal-data';
import { deleteIdentitiesOf, identitiesOf } from './sso.repository';

export const ssoPersonalData: PersonalData = {
  name: 'single sign-on',
  columns: { sso_identity: ['person_id'] },
  export: async (db, schoolId, person) => ({
    singleSignOn: (await identitiesOf(db, schoolId, person.id)).map((identity) => ({
      provider: identity.name,
      linkedAt: identity.created_at,
      lastUsedAt: identity.last_used_at,
    })),
  }),
  leave: (trx, schoolId, person) => deleteIdentitiesOf(trx, schoolId, person.id),
  erase: (trx, schoolId, person) => deleteIdentitiesOf(trx, schoolId, person.id),
};
