import type { Queryable } from '../../db/database';

/** better-auth's session rows; read whole because it keeps more columns (address, agent) than we type. */
export async function sessionsOf(db: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  return db.selectFrom('session').selectAll().where('userId', '=', userId).execute() as Promise<
    Record<string, unknown>[]
  >;
}

export async function findAccount(db: Queryable, userId: string) {
  return db
    .selectFrom('user')
    .select(['email', 'emailVerified', 'createdAt', 'updatedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function deleteSessionsOfUser(trx: Queryable, userId: string): Promise<void> {
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.deleteFrom('session').where('token', '=', token).execute();
}

/** The account's sessions as «Min profil» lists them, newest first; expired ones left out. */
export async function openSessionsOf(db: Queryable, userId: string, now: Date | string) {
  return db
    .selectFrom('session')
    .select(['id', 'signInMethod', 'userAgent', 'createdAt'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .execute();
}

/** Deletes the account's sessions among `ids`, or all but `except`; answers those deleted. */
export async function deleteSessionsOf(
  db: Queryable,
  userId: string,
  which: { ids: readonly string[] } | { except: string },
): Promise<string[]> {
  let query = db.deleteFrom('session').where('userId', '=', userId);
  query = 'ids' in which ? query.where('id', 'in', [...which.ids]) : query.where('id', '!=', which.except);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}
