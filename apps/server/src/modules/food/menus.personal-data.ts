/**
 * Menus name one person: who published a week (`menu_week.published_by`). It is in the export;
 * at erasure the week stays published, no longer saying by whom (the audit keeps who published
 * what, like every change). Dishes and menus are the school's and name nobody. Publishing a menu
 * is no record the school must keep, so it is no history, and leaving ends nothing here.
 */
import type { PersonalData } from '../privacy/personal-data';
import { forgetPublisher, weeksPublishedBy } from './menus.repository';

export const menusPersonalData: PersonalData = {
  name: 'menus',
  columns: { menu_week: ['published_by'] },
  export: async (db, schoolId, person) => ({
    menuWeeksPublished: (await weeksPublishedBy(db, schoolId, person.id)).map((row) => ({
      week: row.week,
      publishedAt: row.published_at,
    })),
  }),
  hasHistory: async () => false,
  // Nothing a reader sees names the publisher, so nothing is announced.
  erase: async (trx, schoolId, person) => {
    await forgetPublisher(trx, schoolId, person.id);
  },
};
