/**
 * One-time sign-in links. The export says when they were asked for and used, never the token.
 * They go when the person leaves (someone who left signs in no more) and when they are erased.
 */
import type { PersonalData } from '../privacy/personal-data';
import { deleteLinksOf, linksOf } from './sign-in-links.repository';

export const signInLinksPersonalData: PersonalData = {
  name: 'sign-in-links',
  columns: { sign_in_link: ['person_id'] },
  export: async (db, schoolId, person) => {
    const links = await linksOf(db, schoolId, person.id);
    return {
      signInLinks: links.map((link) => ({
        createdAt: link.created_at,
        expiresAt: link.expires_at,
        usedAt: link.used_at,
      })),
    };
  },
  leave: (trx, schoolId, person) => deleteLinksOf(trx, schoolId, person.id),
  erase: (trx, schoolId, person) => deleteLinksOf(trx, schoolId, person.id),
};
