/**
 * The devices a person subscribed to web push. They are the person's own, not records the
 * school keeps: they export (which push service, and since when; not the keys, which are only
 * good for writing to the device) and go at erasure. Leaving ends nothing here, as with the
 * notifications: someone who has left is sent nothing (notifyPeople skips them).
 */
import type { PersonalData } from '../privacy/personal-data';
import { deleteSubscriptionsOf, subscriptionsOf } from './push.repository';

export const pushPersonalData: PersonalData = {
  name: 'push',
  columns: { push_subscription: ['person_id'] },
  export: async (db, schoolId, person) => ({
    pushSubscriptions: (await subscriptionsOf(db, schoolId, person.id)).map((row) => ({
      pushService: new URL(row.endpoint).host,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
  }),
  erase: async (trx, schoolId, person) => {
    await deleteSubscriptionsOf(trx, schoolId, person.id);
  },
};
