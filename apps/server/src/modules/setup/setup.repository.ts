import { nowIso, type Queryable } from '../../db/database';

export async function isInstalled(db: Queryable): Promise<boolean> {
  const row = await db.selectFrom('installation').select('id').executeTakeFirst();
  return row !== undefined;
}

/** The single installation row: a second one breaks its primary key. */
export async function insertInstallation(trx: Queryable): Promise<void> {
  await trx.insertInto('installation').values({ id: 1, set_up_at: nowIso() }).execute();
}
