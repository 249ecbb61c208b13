/**
 * The tables of one-time links, which share one shape: a password link (an admin's, to choose a
 * password) and a sign-in link (asked for on the login page). Only a hash of a token is stored.
 */
import type { Queryable } from './database';
import type { PasswordLinkTable } from './schema';

export type OneTimeLinkTable = 'password_link' | 'sign_in_link';
export type OneTimeLinkRow = PasswordLinkTable;

export async function insertOneTimeLink(
  trx: Queryable,
  table: OneTimeLinkTable,
  link: Omit<OneTimeLinkRow, 'used_at'>,
): Promise<void> {
  await trx
    .insertInto(table)
    .values({ ...link, used_at: null })
    .execute();
}

export async function findOneTimeLink(
  db: Queryable,
  table: OneTimeLinkTable,
  tokenHash: string,
): Promise<OneTimeLinkRow | undefined> {
  return db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the link used if it still is open; false when someone was first (or it expired meanwhile). */
export async function claimOneTimeLink(
  trx: Queryable,
  table: OneTimeLinkTable,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When a person's links were made and used (their data export), never the tokens' hashes. */
export async function oneTimeLinksOf(
  db: Queryable,
  table: OneTimeLinkTable,
  schoolId: string,
  personId: string,
) {
  return db
    .selectFrom(table)
    .select(['created_at', 'expires_at', 'used_at'])
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('created_at')
    .execute();
}

export async function deleteOneTimeLinksOf(
  trx: Queryable,
  table: OneTimeLinkTable,
  schoolId: string,
  personId: string,
): Promise<void> {
  await trx.deleteFrom(table).where('school_id', '=', schoolId).where('person_id', '=', personId).execute();
}
