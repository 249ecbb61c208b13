import type { Kysely } from 'kysely';

/**
 * Posts, their audiences, attachments and read marks; every person's notifications and channel
 * choices; and the job table that holds work due later (docs/decisions/021-posts-and-notifications.md).
 *
 * A post's audience is rows of (kind, target): `school`, `staff`, `line`, `elective`, `group`
 * or `role`, resolved when someone reads, so a newcomer in a line sees the line's posts.
 * Posts stay when their author is erased (`author_id` set null: «Slettet bruker»).
 */
export function postsAndNotifications() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('post')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('author_id', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        // Sanitized HTML.
        .addColumn('body', 'text', (c) => c.notNull())
        // The title and the body's text, lower case, for search.
        .addColumn('search_text', 'text', (c) => c.notNull())
        // 'school', 'staff' or 'selected'; the targets of 'selected' are post_audience rows.
        .addColumn('audience_kind', 'text', (c) => c.notNull())
        .addColumn('publish_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('pinned', 'integer', (c) => c.notNull())
        .addColumn('show_on_info_screen', 'integer', (c) => c.notNull())
        .addColumn('require_read_confirmation', 'integer', (c) => c.notNull())
        // Set when its audience has been notified (at publish time, by the job).
        .addColumn('notified_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('post_feed_idx')
        .on('post')
        .columns(['school_id', 'pinned', 'publish_at', 'id'])
        .execute();
      await db.schema.createIndex('post_author_idx').on('post').columns(['author_id']).execute();

      await db.schema
        .createTable('post_audience')
        .addColumn('post_id', 'text', (c) => c.notNull().references('post.id').onDelete('cascade'))
        // 'line', 'elective', 'group' or 'role'.
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_audience_pk', ['post_id', 'kind', 'target_id'])
        .execute();
      await db.schema
        .createIndex('post_audience_target_idx')
        .on('post_audience')
        .columns(['kind', 'target_id'])
        .execute();

      await db.schema
        .createTable('post_attachment')
        .addColumn('post_id', 'text', (c) => c.notNull().references('post.id').onDelete('cascade'))
        // A file deleted from the archive leaves the post.
        .addColumn('file_id', 'text', (c) => c.notNull().references('file.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_attachment_pk', ['post_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('post_attachment_file_idx')
        .on('post_attachment')
        .columns(['file_id'])
        .execute();

      await db.schema
        .createTable('post_read')
        .addColumn('post_id', 'text', (c) => c.notNull().references('post.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('read_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addPrimaryKeyConstraint('post_read_pk', ['post_id', 'person_id'])
        .execute();
      await db.schema.createIndex('post_read_person_idx').on('post_read').columns(['person_id']).execute();

      await db.schema
        .createTable('notification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        // What it is about ('post:<id>'), so it goes when that does.
        .addColumn('source', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('notification_person_idx')
        .on('notification')
        .columns(['person_id', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex('notification_source_idx').on('notification').columns(['source']).execute();
      // The clean-up of old notifications goes by age across all people.
      await db.schema
        .createIndex('notification_created_idx')
        .on('notification')
        .columns(['created_at'])
        .execute();

      // A person's choice of channels per category; absent rows are the role's defaults.
      await db.schema
        .createTable('notification_preference')
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('in_app', 'integer', (c) => c.notNull())
        .addColumn('email', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_preference_pk', ['person_id', 'category'])
        .execute();

      // Work due later, taken by whichever instance looks first (DESIGN.md «Jobs»).
      await db.schema
        .createTable('job')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.references('school.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON.
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        // An instance working on it holds it until then; past that, another may take it.
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_due_idx').on('job').columns(['run_at']).execute();
    },
  };
}
