import type { Kysely } from 'kysely';

/**
 * Passkeys (WebAuthn, issue 20): a person's public keys, and the challenges handed out for
 * registering and signing in, each used once within a few minutes.
 */
export function passkeys() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('passkey')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // base64url, as the browser names the credential when it signs in.
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('passkey_person_idx').on('passkey').columns(['person_id']).execute();
      await db.schema
        .createTable('webauthn_challenge')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
