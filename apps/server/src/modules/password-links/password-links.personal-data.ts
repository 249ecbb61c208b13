/**
 * One-time links to set a password. The export says when they were made and used, never the
 * token. They go when the person leaves (nobody should set a password for an account that can no
 * longer sign in) and when they are erased.
 */
import type { Trx } from '../../db/database';
import type { PersonalData } from '../privacy/personal-data';

async function removeLinks(trx: Trx, schoolId: string, personId: string) {
  await trx
    .deleteFrom('password_link')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}

export const passwordLinksPersonalData: PersonalData = {
  name: 'password-links',
  columns: { password_link: ['person_id'] },
  export: async (db, schoolId, person) => {
    const links = await db
      .selectFrom('password_link')
      .select(['created_at', 'expires_at', 'used_at'])
      .where('school_id', '=', schoolId)
      .where('person_id', '=', person.id)
      .orderBy('created_at')
      .execute();
    return {
      passwordLinks: links.map((link) => ({
        createdAt: link.created_at,
        expiresAt: link.expires_at,
        usedAt: link.used_at,
      })),
    };
  },
  leave: (trx, schoolId, person) => removeLinks(trx, schoolId, person.id),
  erase: (trx, schoolId, person) => removeLinks(trx, schoolId, person.id),
};
