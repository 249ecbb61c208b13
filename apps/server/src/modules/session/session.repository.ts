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
