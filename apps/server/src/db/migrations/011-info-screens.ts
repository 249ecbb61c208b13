import type { Kysely } from 'kysely';

/**
 * Info screens (docs/decisions/024-info-screens.md): the school's screens with their layouts,
 * pairings waiting for an admin (RFC 8628 device authorization), and the emergency banner shown
 * on every screen of a school.
 */
export function infoScreens() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('screen')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        // JSON: ScreenLayout and ScreenSchedule (null: always on).
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('schedule', 'text')
        // The screen's own TV account (a person with the tv role), made at the first pairing.
        .addColumn('person_id', 'text', (c) => c.references('person.id').onDelete('set null'))
        // Set while a TV is signed in as the screen; null once revoked.
        .addColumn('paired_at', 'text')
        .addColumn('last_seen_at', 'text')
        .addColumn('version', 'text')
        .addColumn('reload_requested_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('screen_school_idx').on('screen').columns(['school_id']).execute();
      await db.schema.createIndex('screen_person_idx').on('screen').columns(['person_id']).execute();

      // A TV waiting to be paired. Not of a school until an admin approves it.
      await db.schema
        .createTable('screen_pairing')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // SHA-256 of the device code: the secret itself is never stored.
        .addColumn('device_code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_code', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('interval_seconds', 'integer', (c) => c.notNull())
        .addColumn('last_polled_at', 'text')
        .addColumn('school_id', 'text', (c) => c.references('school.id').onDelete('cascade'))
        .addColumn('screen_id', 'text', (c) => c.references('screen.id').onDelete('cascade'))
        .addColumn('approved_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('approved_at', 'text')
        .addColumn('denied_at', 'text')
        .addColumn('consumed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('screen_pairing_user_code_idx')
        .on('screen_pairing')
        .columns(['user_code'])
        .execute();

      await db.schema
        .createTable('screen_emergency')
        .addColumn('school_id', 'text', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('raised_at', 'text', (c) => c.notNull())
        // Kept as a name: the banner says who raised it, also after they leave.
        .addColumn('raised_by_name', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
