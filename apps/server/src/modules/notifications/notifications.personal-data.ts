/**
 * A person's notifications and channel choices. They are the person's own, not records the
 * school keeps: they export, and go at erasure (with any e-mail still queued to the person's
 * address). Leaving ends nothing here: someone who has left is told nothing more
 * (notifyPeople skips them), and their list stays for an undone leave.
 */
import { dropQueuedEmailsTo } from '../../jobs/job-queue';
import type { PersonalData } from '../privacy/personal-data';
import {
  deleteNotificationsOf,
  deletePreferencesOf,
  notificationsOf,
  preferencesOf,
} from './notifications.repository';

export const notificationsPersonalData: PersonalData = {
  name: 'notifications',
  columns: { notification: ['person_id'], notification_preference: ['person_id'] },
  export: async (db, schoolId, person) => {
    const [notifications, preferences] = await Promise.all([
      notificationsOf(db, schoolId, person.id),
      preferencesOf(db, person.id),
    ]);
    return {
      notifications: notifications.map((row) => ({
        category: row.category,
        title: row.title,
        text: row.text,
        link: row.link,
        createdAt: row.created_at,
        readAt: row.read_at,
      })),
      notificationPreferences: preferences.map((row) => ({
        category: row.category,
        inApp: Boolean(row.in_app),
        email: Boolean(row.email),
        push: Boolean(row.push),
      })),
    };
  },
  erase: async (trx, schoolId, person) => {
    await deleteNotificationsOf(trx, schoolId, person.id);
    await deletePreferencesOf(trx, person.id);
    if (person.email) await dropQueuedEmailsTo(trx, schoolId, [person.email]);
  },
};
