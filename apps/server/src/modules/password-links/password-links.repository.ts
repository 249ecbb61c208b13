import type { Dialect, Queryable } from '../../db/database';
import {
  claimOneTimeLink,
  deleteOneTimeLinksOf,
  findOneTimeLink,
  insertOneTimeLink,
  oneTimeLinksOf,
  type OneTimeLinkRow,
} from '../../db/one-time-links';

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

export const insertLink = (trx: Queryable, link: Omit<OneTimeLinkRow, 'used_at'>) =>
  insertOneTimeLink(trx, 'password_link', link);

export const findLink = (db: Queryable, tokenHash: string) => findOneTimeLink(db, 'password_link', tokenHash);

export const claimLink = (trx: Queryable, tokenHash: string, now: string) =>
  claimOneTimeLink(trx, 'password_link', tokenHash, now);

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

export const linksOf = (db: Queryable, schoolId: string, personId: string) =>
  oneTimeLinksOf(db, 'password_link', schoolId, personId);

export const deleteLinksOf = (trx: Queryable, schoolId: string, personId: string) =>
  deleteOneTimeLinksOf(trx, 'password_link', schoolId, personId);
