import type { Kysely } from 'kysely';

/**
 * Single sign-on per school (issue 20, decision 035): the providers an admin adds, the accounts
 * at a provider linked to people (by the provider's subject), the sign-ins on their way through
 * a provider, a person's Feide id, and whether the school requires staff to use a provider.
 */
export function singleSignOn() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sso_provider')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        // AES-256-GCM under a key derived from the auth secret: `iv.ciphertext.tag`, base64url.
        .addColumn('client_secret', 'text', (c) => c.notNull())
        .addColumn('domain', 'text')
        .addColumn('match_by_email', 'integer', (c) => c.notNull())
        .addColumn('match_by_feide_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sso_provider_school_idx')
        .on('sso_provider')
        .columns(['school_id'])
        .execute();
      await db.schema
        .createTable('sso_identity')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider_id', 'text', (c) =>
          c.notNull().references('sso_provider.id').onDelete('cascade'),
        )
        // The provider's stable `sub`: what an account is linked by, never its address.
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addUniqueConstraint('sso_identity_subject_uq', ['provider_id', 'subject'])
        .execute();
      await db.schema
        .createIndex('sso_identity_person_idx')
        .on('sso_identity')
        .columns(['person_id'])
        .execute();
      await db.schema
        .createTable('sso_sign_in')
        // The `state` sent to the provider.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider_id', 'text', (c) =>
          c.notNull().references('sso_provider.id').onDelete('cascade'),
        )
        // SHA-256 of the cookie that ties the sign-in to the browser that started it.
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        // The page of Tun to open afterwards (a path, checked by safeRedirect).
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('person').addColumn('feide_id', 'text').execute();
      await db.schema.createIndex('person_feide_id_idx').on('person').columns(['feide_id']).execute();
      await db.schema
        .alterTable('school')
        .addColumn('sso_required_for_staff', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
