import { sql, type Kysely } from 'kysely';

/**
 * The calendar: weekly schedules and their entries, stored events (concrete events, overrides of
 * schedule occurrences and markers of deleted occurrences) and private iCal feeds.
 * Booleans are integers 0/1 and id lists JSON text, so one query code serves both dialects.
 */
export function calendar() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // 'normalWeek' (SPEC §3) and named schedules that apply to a date range.
      await db.schema
        .createTable('schedule')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('valid_from', 'text')
        .addColumn('valid_to', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('schedule_pk', ['school_id', 'id'])
        .execute();

      // Entry ids are part of event ids, so they are unique within a school, not just a schedule.
      await db.schema
        .createTable('schedule_entry')
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('schedule_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('time_from', 'text', (c) => c.notNull())
        .addColumn('time_to', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('mandatory', 'integer', (c) => c.notNull())
        .addColumn('groups_attending', 'text', (c) => c.notNull())
        .addColumn('room_id', 'text', (c) => c.references('room.id').onDelete('set null'))
        .addColumn('for_classes', 'text', (c) => c.notNull())
        .addColumn('for_electives', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('schedule_entry_pk', ['school_id', 'id'])
        .addForeignKeyConstraint(
          'schedule_entry_schedule_fk',
          ['school_id', 'schedule_id'],
          'schedule',
          ['school_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('schedule_entry_schedule_idx')
        .on('schedule_entry')
        .columns(['school_id', 'schedule_id'])
        .execute();
      await db.schema
        .createIndex('schedule_entry_room_idx')
        .on('schedule_entry')
        .columns(['room_id'])
        .execute();

      await db.schema
        .createTable('calendar_event')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        // A uuid, or for the marker of a deleted occurrence the occurrence's id.
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('time_start', 'text', (c) => c.notNull())
        .addColumn('time_end', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('mandatory', 'integer', (c) => c.notNull())
        .addColumn('room_id', 'text', (c) => c.references('room.id').onDelete('set null'))
        .addColumn('groups_attending', 'text', (c) => c.notNull())
        // The occurrence this event replaces (SPEC §4 'overrides').
        .addColumn('overrides', 'text')
        .addColumn('rep_deleted', 'integer', (c) => c.notNull())
        // Start of the replaced or deleted occurrence, so a range finds what hides its occurrences.
        .addColumn('replaces_start', 'text')
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('calendar_event_pk', ['school_id', 'id'])
        .execute();
      await db.schema
        .createIndex('calendar_event_start_idx')
        .on('calendar_event')
        .columns(['school_id', 'time_start'])
        .execute();
      await db.schema
        .createIndex('calendar_event_replaces_idx')
        .on('calendar_event')
        .columns(['school_id', 'replaces_start'])
        .execute();
      // One overriding event per occurrence, also when two people edit it at once.
      await db.schema
        .createIndex('calendar_event_overrides_idx')
        .on('calendar_event')
        .columns(['school_id', 'overrides'])
        .unique()
        .execute();
      await db.schema
        .createIndex('calendar_event_room_idx')
        .on('calendar_event')
        .columns(['room_id'])
        .execute();

      // Private iCal addresses; only a hash of the secret token is kept.
      await db.schema
        .createTable('calendar_feed')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('calendar_feed_person_idx')
        .on('calendar_feed')
        .columns(['person_id'])
        .execute();

      // A school always has a normal week (SPEC §8 'Could not find normalweek!' otherwise).
      const now = new Date().toISOString();
      await sql`insert into schedule (school_id, id, name, valid_from, valid_to, created_at, updated_at)
        select id, 'normalWeek', 'Normaluke', null, null, ${now}, ${now} from school`.execute(db);
    },
  };
}
