import type { Kysely } from 'kysely';

/**
 * Sums per student (a student's share of the year, the 93 % warning after every sheet saved)
 * read every record of those students for the year. With the index on (school_id, student_id,
 * event_start) alone, SQLite fetched each record from the table: 60 students of a sheet were
 * ≈ 50,000 scattered rows and 120–150 ms on the server's one thread. This index holds every
 * column the sums read, so they come from the index alone; it still serves what the narrower
 * index served, which it replaces.
 */
export function attendanceSumsPerStudent() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('attendance_student_sums_idx')
        .on('attendance')
        .columns(['school_id', 'student_id', 'event_start', 'event_mandatory', 'status', 'event_duration'])
        .execute();
      await db.schema.dropIndex('attendance_student_idx').execute();
    },
  };
}
