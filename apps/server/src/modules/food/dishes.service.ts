/**
 * The school's dish library (docs/decisions/025-food-planner.md): each dish with the 14 allergens
 * of the food information regulation, the cereal and nut named, «kan inneholde spor av» and its
 * diet tags. A dish that a menu names is archived rather than deleted: the menu keeps showing it,
 * with its allergens, and the library hides it.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ALLERGENS,
  COURSES,
  DIETS,
  DISHES_MAX,
  GLUTEN_CEREALS,
  NUTS,
  type Course,
  type Dish,
  type MenuDish,
  type dishInputSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { sameName, sortByName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import {
  activeDishNames,
  archiveDish,
  countDishes,
  deleteDishRow,
  dishRowsByIds,
  findDishRow,
  insertDish,
  isDishOnMenu,
  listDishRows,
  updateDish,
  type DishRow,
  type DishValues,
} from './dishes.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;
type DishInput = z.output<typeof dishInputSchema>;

/** Who changes dishes: someone with foodPlan:change in the school. */
export interface FoodActor {
  schoolId: string;
  personId: string;
}

// ── Presenting ──────────────────────────────────────────────────────────────────────────────

/**
 * A stored JSON list, keeping only the keys the shared lists know: a key dropped from a list
 * later must not turn every answer that holds it into a 500.
 */
function keysOf<T extends string>(json: string, known: readonly T[]): T[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((key): key is T => known.includes(key as T));
}

export function presentDish(row: DishRow): Dish {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    allergens: keysOf(row.allergens, ALLERGENS),
    glutenCereals: keysOf(row.gluten_cereals, GLUTEN_CEREALS),
    nuts: keysOf(row.nuts, NUTS),
    mayContain: keysOf(row.may_contain, ALLERGENS),
    diets: keysOf(row.diets, DIETS),
    archived: row.archived_at !== null,
    updatedAt: row.updated_at,
  };
}

/** A dish as a meal shows it: with its course, without when it was changed. */
export function presentMenuDish(row: DishRow, course: string): MenuDish {
  const { updatedAt: _updatedAt, ...dish } = presentDish(row);
  return { ...dish, course: COURSES.includes(course as Course) ? (course as Course) : 'main' };
}

/** The regulation's lists in their own order, whatever order they were ticked in. */
function inOrder<T extends string>(keys: readonly T[], order: readonly T[]): T[] {
  return order.filter((key) => keys.includes(key));
}

/** A dish as stored: the lists in the regulation's order, nothing said twice or without its allergen. */
export function storedDishValues(input: DishInput): DishValues {
  const allergens = inOrder(input.allergens, ALLERGENS);
  return {
    name: input.name,
    description: input.description,
    allergens: JSON.stringify(allergens),
    // The cereal and the nut mean nothing without their allergen.
    gluten_cereals: JSON.stringify(
      allergens.includes('gluten') ? inOrder(input.glutenCereals, GLUTEN_CEREALS) : [],
    ),
    nuts: JSON.stringify(allergens.includes('nuts') ? inOrder(input.nuts, NUTS) : []),
    // What the dish contains is not also «may contain».
    may_contain: JSON.stringify(
      inOrder(input.mayContain, ALLERGENS).filter((allergen) => !allergens.includes(allergen)),
    ),
    diets: JSON.stringify(inOrder(input.diets, DIETS)),
  };
}

/** What the audit keeps of a dish: everything a reader of the menu relies on. */
function auditView(dish: Dish) {
  return {
    name: dish.name,
    description: dish.description,
    allergens: dish.allergens,
    glutenCereals: dish.glutenCereals,
    nuts: dish.nuts,
    mayContain: dish.mayContain,
    diets: dish.diets,
  };
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

/** The library by name (Norwegian order); with `includeArchived`, the archived dishes too. */
export async function listDishes(
  db: Queryable,
  schoolId: string,
  options: { includeArchived: boolean },
): Promise<Dish[]> {
  return sortByName((await listDishRows(db, schoolId, options)).map(presentDish));
}

/** The school's dishes among these ids, by id; another school's are not found. */
export async function dishesByIds(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Map<string, DishRow>> {
  const rows = await dishRowsByIds(db, schoolId, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

async function loadDish(db: Queryable, schoolId: string, id: string): Promise<DishRow> {
  const row = await findDishRow(db, schoolId, id);
  if (!row) throw new ProblemError('not-found', 'Fant ikke retten.');
  return row;
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

/**
 * Two dishes of the library with the same name could not be told apart in the menu editor, so a
 * second one is refused (case and accents aside). Archived dishes do not count: their name is
 * free for a new dish.
 */
async function ensureNameFree(db: Queryable, schoolId: string, name: string, except?: string) {
  const taken = (await activeDishNames(db, schoolId)).find(
    (dish) => dish.id !== except && sameName(dish.name, name),
  );
  if (taken) {
    throw new ProblemError('dish-name-taken', undefined, [
      {
        path: 'body.name',
        code: 'dish-name-taken',
        message: `Det finnes allerede en rett som heter «${taken.name}».`,
      },
    ]);
  }
}

export async function createDish(deps: Deps, actor: FoodActor, input: DishInput): Promise<Dish> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    if ((await countDishes(trx, schoolId)) >= DISHES_MAX) {
      throw new ProblemError(
        'conflict',
        `Skolen kan ha høyst ${DISHES_MAX} retter. Slett noen som ikke brukes lenger.`,
      );
    }
    await ensureNameFree(trx, schoolId, input.name);
    const id = randomUUID();
    const now = nowIso();
    await insertDish(trx, {
      id,
      school_id: schoolId,
      ...storedDishValues(input),
      created_at: now,
      updated_at: now,
    });
    const dish = presentDish(await loadDish(trx, schoolId, id));
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'create',
      entity: 'dish',
      entityId: id,
      after: auditView(dish),
    });
    publish('food', []);
    return dish;
  });
}

/**
 * Replaces a dish's fields. An archived dish may still be corrected: the menus that name it show
 * its allergens.
 */
export async function changeDish(deps: Deps, actor: FoodActor, id: string, input: DishInput): Promise<Dish> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const before = presentDish(await loadDish(trx, schoolId, id));
    if (!before.archived) await ensureNameFree(trx, schoolId, input.name, id);
    await updateDish(trx, schoolId, id, { ...storedDishValues(input), updated_at: nowIso() });
    const dish = presentDish(await loadDish(trx, schoolId, id));
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: 'dish',
      entityId: id,
      before: auditView(before),
      after: auditView(dish),
    });
    publish('food', []);
    return dish;
  });
}

/**
 * Deletes a dish no menu names; one that a menu names is archived instead, so that menu keeps
 * it. Either way it is gone from the library.
 */
export async function removeDish(deps: Deps, actor: FoodActor, id: string): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const row = await loadDish(trx, schoolId, id);
    const dish = presentDish(row);
    if (await isDishOnMenu(trx, schoolId, id)) {
      if (row.archived_at !== null) return;
      await archiveDish(trx, schoolId, id, nowIso());
      await recordAudit(trx, {
        schoolId,
        actorPersonId: actor.personId,
        action: 'archive',
        entity: 'dish',
        entityId: id,
        before: auditView(dish),
      });
    } else {
      await deleteDishRow(trx, schoolId, id);
      await recordAudit(trx, {
        schoolId,
        actorPersonId: actor.personId,
        action: 'delete',
        entity: 'dish',
        entityId: id,
        before: auditView(dish),
      });
    }
    publish('food', []);
  });
}
