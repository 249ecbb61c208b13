/**
 * One-time links to set a password. The export says when they were made and used, never the
 * token. They go when the person leaves (nobody should set a password for an account that can no
 * longer sign in) and when they are erased.
 */
import type { PersonalData } from '../privacy/personal-data';
import { deleteLinksOf, linksOf } from './password-links.repository';

export const passwordLinksPersonalData: PersonalData = {
  name: 'password-links',
  columns: { password_link: ['person_id'] },
  export: async (db, schoolId, person) => {
    const links = await linksOf(db, schoolId, person.id);
    return {
      passwordLinks: links.map((link) => ({
        createdAt: link.created_at,
        expiresAt: link.expires_at,
        usedAt: link.used_at,
      })),
    };
  },
  leave: (trx, schoolId, person) => deleteLinksOf(trx, schoolId, person.id),
  erase: (trx, schoolId, person) => deleteLinksOf(trx, schoolId, person.id),
};
