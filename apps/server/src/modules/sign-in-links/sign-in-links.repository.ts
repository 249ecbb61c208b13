import type { Queryable } from '../../db/database';
import {
  claimOneTimeLink,
  deleteOneTimeLinksOf,
  findOneTimeLink,
  insertOneTimeLink,
  oneTimeLinksOf,
} from '../../db/one-time-links';
import type { SignInLinkTable } from '../../db/schema';

/** Who may get a link for an address: a person at a school, with or without an account yet. */
export interface LinkRecipient {
  personId: string;
  schoolId: string;
  firstName: string;
  /** Where the link goes: the account's address, or the person's while they have no account. */
  email: string;
}

/**
 * The person whose account signs in with the address, unless they have left or are a TV (TVs
 * sign in by pairing).
 */
export async function recipientByAccount(db: Queryable, email: string): Promise<LinkRecipient | undefined> {
  return db
    .selectFrom('user')
    .innerJoin('person', 'person.user_id', 'user.id')
    .select([
      'person.id as personId',
      'person.school_id as schoolId',
      'person.first_name as firstName',
      'user.email',
    ])
    .where('user.email', '=', email)
    .where('person.left_on', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('person_role')
            .select('person_role.person_id')
            .whereRef('person_role.person_id', '=', 'person.id')
            .where('person_role.role', '=', 'tv'),
        ),
      ),
    )
    .executeTakeFirst();
}

/**
 * People with the address and no account yet (students imported before the school year starts),
 * at most two: a link is sent only when exactly one person has the address.
 */
export async function recipientsWithoutAccount(db: Queryable, email: string): Promise<LinkRecipient[]> {
  const rows = await db
    .selectFrom('person')
    .select(['id as personId', 'school_id as schoolId', 'first_name as firstName', 'email'])
    .where('email', '=', email)
    .where('user_id', 'is', null)
    .where('left_on', 'is', null)
    .limit(2)
    .execute();
  return rows.flatMap((row) => (row.email === null ? [] : [{ ...row, email: row.email }]));
}

export const insertLink = (trx: Queryable, link: Omit<SignInLinkTable, 'used_at'>) =>
  insertOneTimeLink(trx, 'sign_in_link', link);

export const findLink = (db: Queryable, tokenHash: string) => findOneTimeLink(db, 'sign_in_link', tokenHash);

export const claimLink = (trx: Queryable, tokenHash: string, now: string) =>
  claimOneTimeLink(trx, 'sign_in_link', tokenHash, now);

/** Spends the person's other open links: once signed in, the older mails in the inbox are dead. */
export async function spendOpenLinks(trx: Queryable, personId: string, now: string): Promise<void> {
  await trx
    .updateTable('sign_in_link')
    .set({ used_at: now })
    .where('person_id', '=', personId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export const linksOf = (db: Queryable, schoolId: string, personId: string) =>
  oneTimeLinksOf(db, 'sign_in_link', schoolId, personId);

export const deleteLinksOf = (trx: Queryable, schoolId: string, personId: string) =>
  deleteOneTimeLinksOf(trx, 'sign_in_link', schoolId, personId);

/** Links past their time are of no use to anyone: removed now and then as links are asked for. */
export async function deleteExpiredLinks(db: Queryable, before: string): Promise<void> {
  await db.deleteFrom('sign_in_link').where('expires_at', '<', before).execute();
}
