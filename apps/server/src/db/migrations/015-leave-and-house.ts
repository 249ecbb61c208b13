import type { Kysely } from 'kysely';

/**
 * Leave and the house tonight (docs/decisions/027-leave-and-the-house.md): applications for
 * leave and their decisions, the school's rules for them, the supervisor's evening check of
 * the house, and the attendance warnings already sent.
 */
export function leaveAndHouse() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leave_application')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        // Erasing the student erases their applications (the reason may be about their health).
        .addColumn('student_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        // Instants in the one UTC form, compared as text like every other instant.
        .addColumn('start_at', 'text', (c) => c.notNull())
        .addColumn('end_at', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('sleeps_away', 'integer', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('decided_at', 'text')
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('leave_application_period_idx')
        .on('leave_application')
        .columns(['school_id', 'status', 'start_at'])
        .execute();
      await db.schema
        .createIndex('leave_application_student_idx')
        .on('leave_application')
        .columns(['student_id', 'start_at'])
        .execute();

      await db.schema
        .createTable('leave_settings')
        .addColumn('school_id', 'text', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
        .addColumn('approvers', 'text', (c) => c.notNull())
        // JSON: { home, medical, school, other } → true for gyldig fravær.
        .addColumn('justified', 'text', (c) => c.notNull())
        .addColumn('absence_day_percent', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('house_check')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        // The school date the night begins on.
        .addColumn('night', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .addColumn('checked_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addPrimaryKeyConstraint('house_check_pk', ['school_id', 'night', 'person_id'])
        .execute();
      await db.schema
        .createIndex('house_check_person_idx')
        .on('house_check')
        .columns(['person_id'])
        .execute();

      await db.schema
        .createTable('attendance_warning')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('student_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        // The first day of the school year the warning is about.
        .addColumn('school_year', 'text', (c) => c.notNull())
        // The share when warned, in per mille.
        .addColumn('per_mille', 'integer', (c) => c.notNull())
        .addColumn('warned_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('attendance_warning_pk', ['school_id', 'student_id', 'school_year'])
        .execute();
      await db.schema
        .createIndex('attendance_warning_student_idx')
        .on('attendance_warning')
        .columns(['student_id'])
        .execute();
    },
  };
}
