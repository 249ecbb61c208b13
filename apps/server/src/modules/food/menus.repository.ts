/**
 * Queries of the menus (docs/decisions/025-food-planner.md): the dishes of each meal, stored
 * under the meal's date and key (mealKeyOf its name), and which weeks are published. Every query
 * is scoped by school.
 */
import type { Queryable } from '../../db/database';
import type { DishRow } from './dishes.repository';

export interface MenuItemRow {
  date: string;
  meal_key: string;
  position: number;
  course: string;
  dish: DishRow;
}

/** Rows of one statement: SQLite allows 32 766 parameters, and six columns a row stay well under. */
const INSERT_CHUNK = 500;
/** (date, meal) pairs per delete, each two parameters. */
const DELETE_CHUNK = 200;

/** The dishes of the meals of the dates `from`…`to`, in position order, with the dishes' fields. */
export async function menuItemsBetween(
  db: Queryable,
  schoolId: string,
  from: string,
  to: string,
): Promise<MenuItemRow[]> {
  const rows = await db
    .selectFrom('menu_item')
    .innerJoin('dish', (join) =>
      join.onRef('dish.id', '=', 'menu_item.dish_id').onRef('dish.school_id', '=', 'menu_item.school_id'),
    )
    .select([
      'menu_item.date',
      'menu_item.meal_key',
      'menu_item.position',
      'menu_item.course',
      'dish.id',
      'dish.school_id',
      'dish.name',
      'dish.description',
      'dish.allergens',
      'dish.gluten_cereals',
      'dish.nuts',
      'dish.may_contain',
      'dish.diets',
      'dish.archived_at',
      'dish.created_at',
      'dish.updated_at',
    ])
    .where('menu_item.school_id', '=', schoolId)
    .where('menu_item.date', '>=', from)
    .where('menu_item.date', '<=', to)
    .orderBy('menu_item.date')
    .orderBy('menu_item.meal_key')
    .orderBy('menu_item.position')
    .execute();
  return rows.map(({ date, meal_key, position, course, ...dish }) => ({
    date,
    meal_key,
    position: Number(position),
    course,
    dish,
  }));
}

/** The dish ids of one meal, in order. */
export async function mealDishIds(
  db: Queryable,
  schoolId: string,
  date: string,
  mealKey: string,
): Promise<{ dish_id: string; course: string }[]> {
  return db
    .selectFrom('menu_item')
    .select(['dish_id', 'course'])
    .where('school_id', '=', schoolId)
    .where('date', '=', date)
    .where('meal_key', '=', mealKey)
    .orderBy('position')
    .execute();
}

/** The raw items of the dates `from`…`to`, for copying: no dish fields needed. */
export async function menuItemRowsBetween(db: Queryable, schoolId: string, from: string, to: string) {
  return db
    .selectFrom('menu_item')
    .select(['date', 'meal_key', 'position', 'dish_id', 'course'])
    .where('school_id', '=', schoolId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('meal_key')
    .orderBy('position')
    .execute();
}

/** Removes the dishes of these meals. */
export async function deleteMealItems(
  trx: Queryable,
  schoolId: string,
  meals: readonly { date: string; mealKey: string }[],
): Promise<void> {
  for (let i = 0; i < meals.length; i += DELETE_CHUNK) {
    const chunk = meals.slice(i, i + DELETE_CHUNK);
    await trx
      .deleteFrom('menu_item')
      .where('school_id', '=', schoolId)
      .where((eb) =>
        eb.or(chunk.map((meal) => eb.and([eb('date', '=', meal.date), eb('meal_key', '=', meal.mealKey)]))),
      )
      .execute();
  }
}

export interface MenuItemValues {
  date: string;
  meal_key: string;
  position: number;
  dish_id: string;
  course: string;
}

export async function insertMenuItems(
  trx: Queryable,
  schoolId: string,
  items: readonly MenuItemValues[],
): Promise<void> {
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('menu_item')
      .values(items.slice(i, i + INSERT_CHUNK).map((item) => ({ school_id: schoolId, ...item })))
      .execute();
  }
}

// ── Published weeks ─────────────────────────────────────────────────────────────────────────

export async function findMenuWeek(db: Queryable, schoolId: string, week: string) {
  return db
    .selectFrom('menu_week')
    .select(['week', 'published_at', 'published_by'])
    .where('school_id', '=', schoolId)
    .where('week', '=', week)
    .executeTakeFirst();
}

/** Marks a week published; one published already keeps its time and who published it. */
export async function insertMenuWeek(
  trx: Queryable,
  row: { school_id: string; week: string; published_at: string; published_by: string },
): Promise<void> {
  await trx
    .insertInto('menu_week')
    .values(row)
    .onConflict((conflict) => conflict.columns(['school_id', 'week']).doNothing())
    .execute();
}

export async function deleteMenuWeek(trx: Queryable, schoolId: string, week: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('menu_week')
    .where('school_id', '=', schoolId)
    .where('week', '=', week)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ── A person's data ─────────────────────────────────────────────────────────────────────────

export async function weeksPublishedBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('menu_week')
    .select(['week', 'published_at'])
    .where('school_id', '=', schoolId)
    .where('published_by', '=', personId)
    .orderBy('week')
    .execute();
}

/** The weeks stay published; who published them is forgotten. Whether there were any. */
export async function forgetPublisher(trx: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const result = await trx
    .updateTable('menu_week')
    .set({ published_by: null })
    .where('school_id', '=', schoolId)
    .where('published_by', '=', personId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
