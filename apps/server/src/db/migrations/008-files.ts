import { sql, type Kysely } from 'kysely';

/**
 * The school's file archive (docs/decisions/020-files.md): folders, stored files and the uploads
 * still arriving. The bytes live in the file store under `storage_key`; these rows are the only
 * thing that points into it, so a key no row names is an orphan.
 *
 * Names are unique per folder ignoring case: `name_key` is the name as compared (NFC, lower
 * case), and the unique indexes use `coalesce(parent, '')` because both databases let any number
 * of NULLs past a unique index, and the top of the archive is a NULL folder.
 *
 * Sizes are `bigint`: a school's archive passes 2 GiB, and PostgreSQL's `integer` would not.
 */
export function files() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('folder')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        // Deleting a folder deletes what is in it explicitly (its files' bytes must go too).
        .addColumn('parent_id', 'text', (c) => c.references('folder.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index folder_name_idx on folder (school_id, coalesce(parent_id, ''), name_key)`.execute(
        db,
      );
      await db.schema.createIndex('folder_parent_idx').on('folder').columns(['parent_id']).execute();

      await db.schema
        .createTable('file')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('folder_id', 'text', (c) => c.references('folder.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        // Told by the content, never by the name or what the browser claimed.
        .addColumn('content_type', 'text', (c) => c.notNull())
        // Base64 of the MD5 of the stored bytes (SPEC §3 md5Hash); the download's ETag.
        .addColumn('md5_hash', 'text', (c) => c.notNull())
        // SPEC §3 generation: the content's version (a file's bytes never change, so it is fixed);
        // metageneration counts changes of its metadata (renames and moves).
        .addColumn('generation', 'text', (c) => c.notNull())
        .addColumn('metageneration', 'integer', (c) => c.notNull())
        // JSON object of text values (SPEC §3 customMetadata).
        .addColumn('custom_metadata', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        // 0 or 1: a WebP preview is stored under `<storage_key>.thumb`.
        .addColumn('has_thumbnail', 'integer', (c) => c.notNull())
        // Files are the school's and stay when the uploader is deleted (docs/decisions/011).
        .addColumn('uploaded_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index file_name_idx on file (school_id, coalesce(folder_id, ''), name_key)`.execute(
        db,
      );
      await db.schema
        .createIndex('file_folder_idx')
        .on('file')
        .columns(['school_id', 'folder_id', 'name_key'])
        .execute();
      await db.schema.createIndex('file_uploaded_by_idx').on('file').columns(['uploaded_by']).execute();

      // A resumable upload between its first request and its last byte. Its bytes are in the
      // store under its id; `size` is what it promised, counted against the quota meanwhile.
      await db.schema
        .createTable('file_upload')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('folder_id', 'text', (c) => c.references('folder.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('claimed_type', 'text')
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('custom_metadata', 'text', (c) => c.notNull())
        // Only the uploader may go on with it; an upload whose uploader is gone just expires.
        .addColumn('created_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('file_upload_school_idx')
        .on('file_upload')
        .columns(['school_id'])
        .execute();
      await db.schema
        .createIndex('file_upload_created_idx')
        .on('file_upload')
        .columns(['created_at'])
        .execute();
      await db.schema
        .createIndex('file_upload_folder_idx')
        .on('file_upload')
        .columns(['folder_id'])
        .execute();
      await db.schema
        .createIndex('file_upload_created_by_idx')
        .on('file_upload')
        .columns(['created_by'])
        .execute();
    },
  };
}
