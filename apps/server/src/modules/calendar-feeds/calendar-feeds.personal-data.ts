/**
 * A person's calendar feeds: which calendars they read from outside Tun (the secret addresses
 * are not kept, only their hashes, which stay out of the export). Feeds end when the person
 * leaves, so that an address in someone's phone stops showing the school's programme.
 */
import type { Trx } from '../../db/database';
import type { PersonalData } from '../privacy/personal-data';
import { calendarFeedsOf } from './calendar-feeds.repository';

async function removeFeeds(trx: Trx, schoolId: string, personId: string) {
  await trx
    .deleteFrom('calendar_feed')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}

export const calendarFeedsPersonalData: PersonalData = {
  name: 'calendar-feeds',
  columns: { calendar_feed: ['person_id'] },
  export: async (db, schoolId, person) => ({ calendarFeeds: await calendarFeedsOf(db, schoolId, person.id) }),
  leave: (trx, schoolId, person) => removeFeeds(trx, schoolId, person.id),
  erase: (trx, schoolId, person) => removeFeeds(trx, schoolId, person.id),
};
