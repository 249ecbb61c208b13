/**
 * Calendar events remember who created them. The events are the school's and stay; an erased
 * creator is forgotten. Creating an event is not history that stops a plain delete (the delete
 * forgets the creator the same way).
 */
import type { PersonalData } from '../privacy/personal-data';
import { eventsCreatedBy, forgetEventCreator } from './calendar.repository';

export const calendarPersonalData: PersonalData = {
  name: 'calendar',
  columns: { calendar_event: ['created_by'] },
  export: async (db, schoolId, person) => {
    const rows = await eventsCreatedBy(db, schoolId, person.id);
    return {
      calendarEventsCreated: rows.map((row) => ({
        id: row.id,
        name: row.name,
        start: row.time_start,
        createdAt: row.created_at,
      })),
    };
  },
  erase: (trx, schoolId, person) => forgetEventCreator(trx, schoolId, person.id),
};
