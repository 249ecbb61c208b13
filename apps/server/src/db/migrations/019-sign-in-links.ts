import type { Kysely } from 'kysely';

/**
 * One-time sign-in links sent by e-mail (issue 20). Only a hash of the token is stored, as for
 * password links; a link belongs to a person, who may not have an account yet. Asking for a
 * link looks people up by address across schools, hence the index on `person.email`.
 */
export function signInLinks() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sign_in_link')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_link_person_idx')
        .on('sign_in_link')
        .columns(['person_id'])
        .execute();
    },
  };
}
