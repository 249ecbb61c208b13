import type { Dialect, Queryable } from '../../db/database';

export interface PasswordLinkRow {
  token_hash: string;
  person_id: string;
  school_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Ends the person's links that are still open, so that only the newest works. */
export async function expireOpenLinks(trx: Queryable, schoolId: string, personId: string, now: string) {
  await trx
    .updateTable('password_link')
    .set({ expires_at: now })
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertLink(trx: Queryable, link: Omit<PasswordLinkRow, 'used_at'>) {
  await trx
    .insertInto('password_link')
    .values({ ...link, used_at: null })
    .execute();
}

export async function findLink(db: Queryable, tokenHash: string): Promise<PasswordLinkRow | undefined> {
  return db.selectFrom('password_link').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the link used if it still is open; false when someone was first (or it expired meanwhile). */
export async function claimLink(trx: Queryable, tokenHash: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('password_link')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserByEmail(db: Queryable, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findUser(db: Queryable, userId: string) {
  return db.selectFrom('user').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function personOfUser(db: Queryable, userId: string) {
  return db.selectFrom('person').select(['id', 'school_id']).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Sets the password of an account's e-mail sign-in, adding that sign-in when the account has
 * none. Rows have better-auth's shape, as in auth/accounts.ts.
 */
export async function setCredentialPassword(
  trx: Queryable,
  dialect: Dialect,
  input: { userId: string; hash: string; accountId: () => string },
) {
  const now = new Date();
  const at = dialect === 'sqlite' ? now.toISOString() : now;
  const updated = await trx
    .updateTable('account')
    .set({ password: input.hash, updatedAt: at })
    .where('userId', '=', input.userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await trx
    .insertInto('account')
    .values({
      id: input.accountId(),
      accountId: input.userId,
      providerId: 'credential',
      userId: input.userId,
      password: input.hash,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

/** Signs the account out everywhere: whoever knew the old password keeps no session. */
export async function deleteSessionsOf(trx: Queryable, userId: string) {
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
}

export async function linksOf(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('password_link')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('created_at')
    .execute();
}

export async function deleteLinksOf(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .deleteFrom('password_link')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}
