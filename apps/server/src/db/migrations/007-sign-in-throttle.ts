import type { Kysely } from 'kysely';

/**
 * Sign-in attempts counted per account and per address, in the database so that every instance
 * counts together (docs/decisions/016-live-streams-and-sign-in-throttling.md). `key` is a hash
 * of what is counted, so neither e-mail addresses nor client addresses are kept.
 */
export function signInThrottle() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute();
      await db.schema
        .createIndex('login_throttle_window_idx')
        .on('login_throttle')
        .column('window_start')
        .execute();
    },
  };
}
