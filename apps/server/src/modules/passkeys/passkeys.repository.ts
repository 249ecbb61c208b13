import type { Queryable } from '../../db/database';
import type { PasskeyTable, WebauthnChallengeTable } from '../../db/schema';

export async function insertChallenge(db: Queryable, row: WebauthnChallengeTable): Promise<void> {
  await db.insertInto('webauthn_challenge').values(row).execute();
}

/** Takes a challenge once: the row is deleted, and answered only if it was there and unexpired. */
export async function takeChallenge(
  db: Queryable,
  id: string,
  purpose: WebauthnChallengeTable['purpose'],
  now: string,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('webauthn_challenge')
    .where('id', '=', id)
    .returning(['challenge', 'purpose', 'expires_at'])
    .executeTakeFirst();
  return row && row.purpose === purpose && row.expires_at > now ? row.challenge : undefined;
}

export async function deleteExpiredChallenges(db: Queryable, now: string): Promise<void> {
  await db.deleteFrom('webauthn_challenge').where('expires_at', '<=', now).execute();
}

export async function insertPasskey(db: Queryable, row: PasskeyTable): Promise<void> {
  await db.insertInto('passkey').values(row).execute();
}

export async function passkeysOf(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('passkey')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('created_at')
    .execute();
}

export async function findPasskeyByCredential(db: Queryable, credentialId: string) {
  return db.selectFrom('passkey').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function markPasskeyUsed(db: Queryable, id: string, counter: number, at: string): Promise<void> {
  await db.updateTable('passkey').set({ counter, last_used_at: at }).where('id', '=', id).execute();
}

/** Deletes one of the person's passkeys; false when they have none by that id. */
export async function deletePasskey(
  db: Queryable,
  schoolId: string,
  personId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkey')
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deletePasskeysOf(db: Queryable, schoolId: string, personId: string): Promise<void> {
  await db
    .deleteFrom('passkey')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}
