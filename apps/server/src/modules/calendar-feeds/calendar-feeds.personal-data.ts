/**
 * A person's calendar feeds: which calendars they read from outside Tun (the secret addresses
 * are not kept, only their hashes, which stay out of the export). Feeds end when the person
 * leaves, so that an address in someone's phone stops showing the school's programme.
 */
import type { PersonalData } from '../privacy/personal-data';
import { calendarFeedsOf, deleteFeedsOf } from './calendar-feeds.repository';

export const calendarFeedsPersonalData: PersonalData = {
  name: 'calendar-feeds',
  columns: { calendar_feed: ['person_id'] },
  export: async (db, schoolId, person) => ({ calendarFeeds: await calendarFeedsOf(db, schoolId, person.id) }),
  leave: (trx, schoolId, person) => deleteFeedsOf(trx, schoolId, person.id),
  erase: (trx, schoolId, person) => deleteFeedsOf(trx, schoolId, person.id),
};
