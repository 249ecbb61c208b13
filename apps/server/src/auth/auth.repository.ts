import type { Db, Queryable } from '../db/database';
import { preparedQuery } from '../db/prepared-query';

/** A user and its credential account, with the values already in better-auth's stored shape. */
export async function insertCredentialUser(
  trx: Queryable,
  user: {
    userId: string;
    accountId: string;
    name: string;
    email: string;
    emailVerified: number | boolean;
    hash: string;
    at: string | Date;
  },
): Promise<void> {
  await insertUserWithoutCredential(trx, user);
  await trx
    .insertInto('account')
    .values({
      id: user.accountId,
      accountId: user.userId,
      providerId: 'credential',
      userId: user.userId,
      password: user.hash,
      createdAt: user.at,
      updatedAt: user.at,
    })
    .execute();
}

export async function findSetting(db: Queryable, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores the setting unless another instance stored one first. */
export async function insertSettingOnce(db: Queryable, key: string, value: string): Promise<void> {
  await db
    .insertInto('setting')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The rows of the people an account is in the school directory (not those who left), one per role. */
export async function directoryRows(db: Db, userId: string) {
  return db
    .selectFrom('person')
    .leftJoin('person_role', 'person_role.person_id', 'person.id')
    .select(['person.id', 'person.school_id', 'person_role.role'])
    .where('person.user_id', '=', userId)
    .where('person.left_on', 'is', null)
    .execute();
}

const sessionQuery = (db: Queryable) =>
  db
    .selectFrom('session')
    .leftJoin('person', 'person.user_id', 'session.userId')
    .leftJoin('person_role', 'person_role.person_id', 'person.id')
    .select([
      'session.id as sessionId',
      'session.userId',
      'session.expiresAt',
      'person.id',
      'person.school_id',
      'person.left_on',
      'person_role.role',
    ]);

// Every authenticated request asks this: built once.
const sessionByToken = preparedQuery((db, value: (name: 'token') => string) =>
  sessionQuery(db).where('session.token', '=', value('token')),
);

/** A session with its person and roles, one row per role, found by token or by id. */
export async function sessionRows(db: Db, by: { token: string } | { sessionId: string }) {
  return 'token' in by
    ? sessionByToken(db, by)
    : sessionQuery(db).where('session.id', '=', by.sessionId).execute();
}

export async function sessionIdByToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom('session').select('id').where('token', '=', token).executeTakeFirst();
  return row?.id;
}

/**
 * A user without a credential account: a TV account, which never signs in with a password and
 * gets its sessions from pairing (modules/screens). Values in better-auth's stored shape.
 */
export async function insertUserWithoutCredential(
  trx: Queryable,
  user: { userId: string; name: string; email: string; emailVerified: number | boolean; at: string | Date },
): Promise<void> {
  await trx
    .insertInto('user')
    .values({
      id: user.userId,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: null,
      createdAt: user.at,
      updatedAt: user.at,
    })
    .execute();
}

/** Ends every session of the account; returns their ids, so that their live streams end too. */
export async function deleteSessionsOfUser(trx: Queryable, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom('session').select('id').where('userId', '=', userId).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await trx.deleteFrom('session').where('id', 'in', ids).execute();
  return ids;
}

export async function deleteSessionById(trx: Queryable, sessionId: string): Promise<void> {
  await trx.deleteFrom('session').where('id', '=', sessionId).execute();
}

export async function findUserByEmail(db: Queryable, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function isHeldByPerson(db: Queryable, userId: string): Promise<boolean> {
  const row = await db.selectFrom('person').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The mailbox's owner has shown they read it: the account's address is verified, and whatever
 * access it had before (a password, other sign-ins, sessions) is removed, as better-auth does
 * when a sign-in by e-mail reaches an unverified account.
 */
export async function takeOverAccount(
  trx: Queryable,
  userId: string,
  stored: { verified: number | boolean; at: string | Date },
): Promise<void> {
  await trx.deleteFrom('account').where('userId', '=', userId).execute();
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  await markEmailVerified(trx, userId, stored);
}

export async function markEmailVerified(
  trx: Queryable,
  userId: string,
  stored: { verified: number | boolean; at: string | Date },
): Promise<void> {
  await trx
    .updateTable('user')
    .set({ emailVerified: stored.verified, updatedAt: stored.at })
    .where('id', '=', userId)
    .execute();
}

/** How a session was opened, for the list of one's sessions (migration 021). */
export async function setSessionMethod(
  db: Queryable,
  by: { sessionId: string } | { token: string },
  method: string,
): Promise<void> {
  const query = db.updateTable('session').set({ signInMethod: method });
  await (
    'token' in by ? query.where('token', '=', by.token) : query.where('id', '=', by.sessionId)
  ).execute();
}

export async function sessionMethod(db: Queryable, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('session')
    .select('signInMethod')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.signInMethod ?? null;
}
