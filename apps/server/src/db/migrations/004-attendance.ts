import type { Kysely } from 'kysely';

/**
 * Attendance (SPEC §3): records per event and student with their three statuses and the
 * effective one, absence registered in advance (per event and per day), who saved each sheet,
 * scholars' proposals, and the secret behind each room's key of the day.
 * A record keeps the event's start, minutes and whether it was mandatory, so that reports sum
 * records alone, without expanding the calendar of a whole year.
 */
export function attendance() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['attendance', 'attendance_proposed'] as const) {
        let create = db.schema
          .createTable(table)
          .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
          // SPEC §3: `eventId-studentId`.
          .addColumn('id', 'text', (c) => c.notNull())
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('student_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
          .addColumn('event_start', 'text', (c) => c.notNull())
          .addColumn('event_duration', 'integer', (c) => c.notNull())
          .addColumn('event_mandatory', 'integer', (c) => c.notNull())
          .addColumn('note', 'text')
          .addColumn('registered_by', 'text')
          .addColumn('preliminary_by', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('nfc_status', 'text')
          .addColumn('preliminary_status', 'text')
          .addColumn('manual_status', 'text')
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['school_id', 'id']);
        if (table === 'attendance_proposed')
          create = create.addColumn('approved', 'integer', (c) => c.notNull());
        await create.execute();
        await db.schema
          .createIndex(`${table}_event_idx`)
          .on(table)
          .columns(['school_id', 'event_id'])
          .execute();
        await db.schema
          .createIndex(`${table}_student_idx`)
          .on(table)
          .columns(['school_id', 'student_id', 'event_start'])
          .execute();
      }
      // Reports sum a date range of the whole school: the index holds every column they read, so
      // a school year's 350,000 records are summed from the index alone.
      await db.schema
        .createIndex('attendance_start_idx')
        .on('attendance')
        .columns(['school_id', 'event_start', 'event_mandatory', 'status', 'event_duration', 'student_id'])
        .execute();

      await db.schema
        .createTable('prelim_attendance')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('event_start', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('preliminary_by', 'text')
        .addColumn('preliminary_status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('prelim_attendance_pk', ['school_id', 'id'])
        .execute();
      await db.schema
        .createIndex('prelim_attendance_event_idx')
        .on('prelim_attendance')
        .columns(['school_id', 'event_id'])
        .execute();
      await db.schema
        .createIndex('prelim_attendance_student_idx')
        .on('prelim_attendance')
        .columns(['school_id', 'student_id', 'event_start'])
        .execute();

      await db.schema
        .createTable('prelim_day_attendance')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        // YYYY-MM-DD, a day at the school.
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('note', 'text')
        .addColumn('preliminary_by', 'text')
        .addColumn('preliminary_status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('prelim_day_attendance_pk', ['school_id', 'date', 'student_id'])
        .execute();
      await db.schema
        .createIndex('prelim_day_attendance_student_idx')
        .on('prelim_day_attendance')
        .columns(['school_id', 'student_id', 'date'])
        .execute();

      // SPEC §7 eventAttendRegs/{eventId}: who saved the sheet and when.
      for (const table of ['event_attend_reg', 'event_attend_reg_proposed'] as const) {
        let create = db.schema
          .createTable(table)
          .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('registered_by', 'text')
          .addColumn('date', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['school_id', 'event_id']);
        if (table === 'event_attend_reg_proposed') {
          create = create
            .addColumn('approved', 'integer', (c) => c.notNull())
            .addColumn('decided_by', 'text')
            .addColumn('decided_at', 'text');
        }
        await create.execute();
      }

      // The secret a room's keys are made from; a room without one has no tag yet.
      await db.schema
        .createTable('room_tag')
        .addColumn('room_id', 'text', (c) => c.primaryKey().references('room.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('secret', 'text', (c) => c.notNull())
        // 1 for a room with a screen: a code that changes every minute is shown there.
        .addColumn('rotating', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
