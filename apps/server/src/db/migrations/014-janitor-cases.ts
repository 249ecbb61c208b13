import type { Kysely } from 'kysely';

/**
 * Janitor cases (docs/decisions/026-janitor-cases.md): the faults people report, their photos,
 * comments and status changes, and the janitor's recurring rounds that make cases when due.
 */
export function janitorCases() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('maintenance_case')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        // «Sak 42»: per school, from 1.
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        // A room deleted later leaves the case without one.
        .addColumn('room_id', 'text', (c) => c.references('room.id').onDelete('set null'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('urgency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reject_reason', 'text')
        // The submitter: null once erased («Slettet bruker»); the case is kept.
        .addColumn('submitted_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('assigned_to', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('round_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('solved_at', 'text')
        .addUniqueConstraint('maintenance_case_number_unique', ['school_id', 'number'])
        .execute();
      await db.schema
        .createIndex('maintenance_case_status_idx')
        .on('maintenance_case')
        .columns(['school_id', 'status'])
        .execute();
      await db.schema
        .createIndex('maintenance_case_submitter_idx')
        .on('maintenance_case')
        .columns(['submitted_by'])
        .execute();

      await db.schema
        .createTable('maintenance_photo')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('case_id', 'text', (c) =>
          c.notNull().references('maintenance_case.id').onDelete('cascade'),
        )
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('added_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('maintenance_photo_case_idx')
        .on('maintenance_photo')
        .columns(['case_id'])
        .execute();

      await db.schema
        .createTable('maintenance_comment')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('case_id', 'text', (c) =>
          c.notNull().references('maintenance_case.id').onDelete('cascade'),
        )
        .addColumn('author_id', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('internal', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('maintenance_comment_case_idx')
        .on('maintenance_comment')
        .columns(['case_id'])
        .execute();

      // Every status a case has had: its history, and the time to solve.
      await db.schema
        .createTable('maintenance_status_change')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('case_id', 'text', (c) =>
          c.notNull().references('maintenance_case.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('changed_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('maintenance_status_change_case_idx')
        .on('maintenance_status_change')
        .columns(['case_id'])
        .execute();

      await db.schema
        .createTable('maintenance_round')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        // JSON array of room ids.
        .addColumn('room_ids', 'text', (c) => c.notNull())
        .addColumn('next_due', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('last_run_at', 'text')
        .addColumn('created_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
