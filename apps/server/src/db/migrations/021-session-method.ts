import type { Kysely } from 'kysely';

/**
 * How a session was opened (password, sign-in link, passkey, TV pairing), shown in the list of
 * one's sessions on «Min profil». A column on better-auth's own table, which keeps columns it
 * does not know; sessions from before have none.
 */
export function sessionMethod() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('session').addColumn('signInMethod', 'text').execute();
    },
  };
}
