import { sql, type Kysely } from 'kysely';

/**
 * The installed app (docs/decisions/022-installed-app.md): each school's app settings, the
 * devices people have subscribed to web push, and push as a third channel of every person's
 * notification choices (on unless they switch it off; it reaches only subscribed devices).
 */
export function installedApp() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One row per school once an admin saves; until then the defaults (all features on).
      await db.schema
        .createTable('app_settings')
        .addColumn('school_id', 'text', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
        .addColumn('app_name', 'text', (c) => c.notNull())
        .addColumn('short_name', 'text', (c) => c.notNull())
        .addColumn('theme_color', 'text', (c) => c.notNull())
        // A logo deleted from the archive leaves Tun's own.
        .addColumn('logo_file_id', 'text', (c) => c.references('file.id').onDelete('set null'))
        .addColumn('default_language', 'text', (c) => c.notNull())
        // JSON array of the features switched off.
        .addColumn('features_off', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('push_subscription')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        // The push service's address for this device; one device, one row.
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('push_subscription_person_idx')
        .on('push_subscription')
        .columns(['person_id'])
        .execute();

      await db.schema
        .alterTable('notification_preference')
        .addColumn('push', 'integer', (c) => c.notNull().defaultTo(sql`1`))
        .execute();
    },
  };
}
