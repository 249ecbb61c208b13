/**
 * Queries of the school's dishes (docs/decisions/025-food-planner.md). Every query is scoped by
 * school; the list columns are JSON arrays of the keys in @tun/shared food.ts.
 */
import type { Selectable } from 'kysely';
import type { Queryable } from '../../db/database';
import type { DishTable } from '../../db/schema';

export type DishRow = Selectable<DishTable>;

/** The school's dishes; the archived ones only with `includeArchived`. */
export async function listDishRows(
  db: Queryable,
  schoolId: string,
  options: { includeArchived: boolean },
): Promise<DishRow[]> {
  let query = db.selectFrom('dish').selectAll().where('school_id', '=', schoolId);
  if (!options.includeArchived) query = query.where('archived_at', 'is', null);
  return query.execute();
}

/** One dish of one school; another school's id finds nothing. */
export async function findDishRow(db: Queryable, schoolId: string, id: string): Promise<DishRow | undefined> {
  return db
    .selectFrom('dish')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The dishes of the school among these ids; ids of other schools or of none are left out. */
export async function dishRowsByIds(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<DishRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('dish')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The names of the school's dishes that are not archived, to tell a taken name. */
export async function activeDishNames(db: Queryable, schoolId: string) {
  return db
    .selectFrom('dish')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('archived_at', 'is', null)
    .execute();
}

export async function countDishes(db: Queryable, schoolId: string): Promise<number> {
  const row = await db
    .selectFrom('dish')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export type DishValues = Pick<
  DishTable,
  'name' | 'description' | 'allergens' | 'gluten_cereals' | 'nuts' | 'may_contain' | 'diets'
>;

export async function insertDish(
  trx: Queryable,
  row: DishValues & Pick<DishTable, 'id' | 'school_id' | 'created_at' | 'updated_at'>,
): Promise<void> {
  await trx
    .insertInto('dish')
    .values({ ...row, archived_at: null })
    .execute();
}

export async function updateDish(
  trx: Queryable,
  schoolId: string,
  id: string,
  values: DishValues & { updated_at: string },
): Promise<void> {
  await trx.updateTable('dish').set(values).where('school_id', '=', schoolId).where('id', '=', id).execute();
}

export async function archiveDish(trx: Queryable, schoolId: string, id: string, at: string): Promise<void> {
  await trx
    .updateTable('dish')
    .set({ archived_at: at, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDishRow(trx: Queryable, schoolId: string, id: string): Promise<void> {
  await trx.deleteFrom('dish').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** Whether any meal of the school names the dish. */
export async function isDishOnMenu(db: Queryable, schoolId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('menu_item')
    .select('dish_id')
    .where('school_id', '=', schoolId)
    .where('dish_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
