import type { Queryable } from '../../db/database';
import type { FoodSettingsTable } from '../../db/schema';

export async function findFoodSettings(db: Queryable, schoolId: string) {
  return db.selectFrom('food_settings').selectAll().where('school_id', '=', schoolId).executeTakeFirst();
}

/** One statement, so that two first saves at once do not both insert. */
export async function putFoodSettings(trx: Queryable, row: FoodSettingsTable): Promise<void> {
  await trx
    .insertInto('food_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('school_id').doUpdateSet({
        choice_cutoff_days_before: row.choice_cutoff_days_before,
        choice_cutoff_time: row.choice_cutoff_time,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
