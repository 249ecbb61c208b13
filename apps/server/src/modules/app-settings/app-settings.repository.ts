import { nowIso, type Queryable } from '../../db/database';
import type { AppSettingsTable } from '../../db/schema';

export type AppSettingsRow = AppSettingsTable;

/** The school's saved settings; none until an admin first saves (the defaults hold until then). */
export async function findAppSettings(db: Queryable, schoolId: string): Promise<AppSettingsRow | undefined> {
  return db.selectFrom('app_settings').selectAll().where('school_id', '=', schoolId).executeTakeFirst();
}

/** Writes the whole row: the first save inserts it, later ones replace every column. */
export async function saveAppSettings(
  trx: Queryable,
  row: Omit<AppSettingsRow, 'updated_at'>,
): Promise<void> {
  const values = { ...row, updated_at: nowIso() };
  const { school_id: _school, ...changes } = values;
  await trx
    .insertInto('app_settings')
    .values(values)
    .onConflict((oc) => oc.column('school_id').doUpdateSet(changes))
    .execute();
}
