/**
 * The week's menus (docs/decisions/025-food-planner.md): the dishes of each meal, a meal being
 * the calendar's dining events of a date with one name (meals.ts), publishing per week, and
 * copying a week or repeating a rotation of weeks. Who may change menus sees every week; anyone
 * else sees a week's meals always and its dishes once it is published.
 */
import type { z } from 'zod';
import {
  MENU_COPY_WEEKS_MAX,
  addDays,
  canAll,
  daysBetween,
  mondayOf,
  weekDayIndex,
  type Meal,
  type MenuCopyInput,
  type MenuDish,
  type MenuWeek,
  type Problem,
  type ScreenContent,
  type WeekPublished,
  type mealMenuInputSchema,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import type { AnswerCache } from '../../live/answer-cache';
import { recordAudit } from '../audit/audit.service';
import { listRooms } from '../rooms/rooms.service';
import { dishesByIds, presentMenuDish, type FoodActor } from './dishes.service';
import { ownChoices } from './meal-choices.service';
import { datesOfWeek, findMeal, mealsBetween, type MealOccurrence } from './meals';
import {
  deleteMealItems,
  deleteMenuWeek,
  findMenuWeek,
  insertMenuItems,
  insertMenuWeek,
  mealDishIds,
  menuItemRowsBetween,
  menuItemsBetween,
  type MenuItemValues,
} from './menus.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;
type Reader = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;
type MealMenuInput = z.output<typeof mealMenuInputSchema>;

const mealId = (date: string, key: string) => `${date}|${key}`;

/** listCalendar reads at most 100 days at a time: 14 weeks stay within that, a changed clock hour included. */
const CALENDAR_CHUNK_DAYS = 14 * 7;

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

/** The dishes of the meals of `from`…`to`, by `${date}|${key}`, in position order. */
async function dishesOfMeals(
  db: Queryable,
  schoolId: string,
  from: string,
  to: string,
): Promise<Map<string, MenuDish[]>> {
  const byMeal = new Map<string, MenuDish[]>();
  for (const item of await menuItemsBetween(db, schoolId, from, to)) {
    const id = mealId(item.date, item.meal_key);
    const list = byMeal.get(id) ?? [];
    list.push(presentMenuDish(item.dish, item.course));
    byMeal.set(id, list);
  }
  return byMeal;
}

function presentMeal(
  meal: MealOccurrence,
  dishes: MenuDish[],
  rooms: ReadonlyMap<string, string>,
): Omit<Meal, 'choice' | 'choiceOpenUntil'> {
  const [first] = meal.events;
  const roomId = first?.roomUsed ?? null;
  return {
    date: meal.date,
    name: meal.name,
    eventId: first?.id ?? '',
    start: meal.start,
    end: meal.end,
    roomName: roomId === null ? null : (rooms.get(roomId) ?? null),
    dishes,
  };
}

/** A week as every reader of one kind sees it, before their own choices are added. */
interface WeekBase {
  meals: MealOccurrence[];
  published: boolean;
  publishedAt: string | null;
  /** Each meal with the key its choices are found by. */
  days: { date: string; meals: { key: string; meal: Omit<Meal, 'choice' | 'choiceOpenUntil'> }[] }[];
}

async function weekBase(db: Queryable, schoolId: string, week: string, full: boolean): Promise<WeekBase> {
  const sunday = addDays(week, 6);
  const [meals, published, rooms] = await Promise.all([
    mealsBetween(db, schoolId, week, sunday),
    findMenuWeek(db, schoolId, week),
    listRooms(db, schoolId),
  ]);
  const dishes =
    full || published ? await dishesOfMeals(db, schoolId, week, sunday) : new Map<string, MenuDish[]>();
  const roomNames = new Map(rooms.map((room) => [room.id, room.name]));
  return {
    meals,
    published: published !== undefined,
    publishedAt: published?.published_at ?? null,
    days: datesOfWeek(week).map((date) => ({
      date,
      meals: meals
        .filter((meal) => meal.date === date)
        .map((meal) => ({
          key: meal.key,
          meal: presentMeal(meal, dishes.get(mealId(date, meal.key)) ?? [], roomNames),
        })),
    })),
  };
}

/** May the reader change menus, and so see every week's dishes? */
function mayChangeMenus(reader: Pick<Reader, 'roles'>): boolean {
  return canAll(reader.roles, 'foodPlan:change');
}

/**
 * The week from Monday `week`: its seven days, each with its meals, the dishes shown as the
 * reader may see them, and the reader's own «Jeg spiser ikke». With a cache, the part every
 * reader of one kind shares is made once per change of menus or calendar; the reader's own
 * choices are read each time, since their cut-off passes with the clock.
 */
export async function menuWeek(
  db: Queryable,
  reader: Reader,
  week: string,
  cache?: AnswerCache,
): Promise<MenuWeek> {
  const full = mayChangeMenus(reader);
  const make = () => weekBase(db, reader.schoolId, week, full);
  const base = cache ? await cache.value(reader.schoolId, `week|${week}|${full}`, make) : await make();
  const choices = await ownChoices(db, reader, base.meals);
  return {
    week,
    published: base.published,
    publishedAt: base.publishedAt,
    days: base.days.map((day) => ({
      date: day.date,
      meals: day.meals.map(({ key, meal }) => {
        const own = choices.get(mealId(day.date, key));
        return { ...meal, choice: own?.choice ?? null, choiceOpenUntil: own?.openUntil ?? null };
      }),
    })),
    policies: { change: full },
  };
}

/**
 * Today's published meals for the info screens, by start, with the dishes a hallway may read;
 * null when the week is not published or no meal of the day has a dish.
 */
export async function publishedMenuOfDay(
  db: Queryable,
  schoolId: string,
  date: string,
): Promise<ScreenContent['menu']> {
  if (!(await findMenuWeek(db, schoolId, mondayOf(date)))) return null;
  const [meals, dishes] = await Promise.all([
    mealsBetween(db, schoolId, date, date),
    dishesOfMeals(db, schoolId, date, date),
  ]);
  const shown = meals.flatMap((meal) => {
    const list = dishes.get(mealId(date, meal.key)) ?? [];
    if (list.length === 0) return [];
    return [
      {
        name: meal.name,
        start: meal.start,
        dishes: list.map(({ name, allergens, glutenCereals, nuts, course }) => ({
          name,
          allergens,
          glutenCereals,
          nuts,
          course,
        })),
      },
    ];
  });
  return shown.length === 0 ? null : { meals: shown };
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

/**
 * Every dish must be the school's; an archived one only where the meal has it already (it stays
 * on the menus that name it, but is not chosen anew). Each one wrong is named by its place.
 */
function checkMealDishes(
  input: MealMenuInput,
  dishes: Awaited<ReturnType<typeof dishesByIds>>,
  already: ReadonlySet<string>,
): void {
  const errors: NonNullable<Problem['errors']> = [];
  const seen = new Set<string>();
  input.dishes.forEach(({ dishId }, index) => {
    const path = `body.dishes.${index}.dishId`;
    const dish = dishes.get(dishId);
    if (!dish) errors.push({ path, code: 'invalid', message: 'Fant ikke retten.' });
    else if (dish.archived_at !== null && !already.has(dishId)) {
      errors.push({
        path,
        code: 'invalid',
        message: `Retten «${dish.name}» er arkivert og kan ikke velges.`,
      });
    } else if (seen.has(dishId)) {
      errors.push({ path, code: 'invalid', message: `Retten «${dish.name}» står allerede i måltidet.` });
    }
    seen.add(dishId);
  });
  if (errors.length > 0) throw new ProblemError('validation-failed', undefined, errors);
}

/** Replaces the dishes of one meal, in the order given; none clears it. Answers the meal. */
export async function saveMealMenu(
  deps: Deps,
  actor: FoodActor & Reader,
  input: MealMenuInput,
): Promise<Meal> {
  const { schoolId } = actor;
  // The calendar is read outside the transaction, where its kept base serves it.
  const meal = await findMeal(deps.database.db, schoolId, { date: input.date, meal: input.meal });
  return write(deps, schoolId, async (trx, publish) => {
    const before = await mealDishIds(trx, schoolId, meal.date, meal.key);
    const dishes = await dishesByIds(
      trx,
      schoolId,
      input.dishes.map((dish) => dish.dishId),
    );
    checkMealDishes(input, dishes, new Set(before.map((item) => item.dish_id)));
    await deleteMealItems(trx, schoolId, [{ date: meal.date, mealKey: meal.key }]);
    await insertMenuItems(
      trx,
      schoolId,
      input.dishes.map((dish, position) => ({
        date: meal.date,
        meal_key: meal.key,
        position,
        dish_id: dish.dishId,
        course: dish.course,
      })),
    );
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: 'menu',
      entityId: mealId(meal.date, meal.key),
      before: {
        meal: meal.name,
        dishes: before.map((item) => ({ dishId: item.dish_id, course: item.course })),
      },
      after: { meal: meal.name, dishes: input.dishes },
    });
    publish('food', []);
    const [rooms, choices] = await Promise.all([listRooms(trx, schoolId), ownChoices(trx, actor, [meal])]);
    const own = choices.get(mealId(meal.date, meal.key));
    return {
      ...presentMeal(
        meal,
        input.dishes.map((dish) => presentMenuDish(dishes.get(dish.dishId)!, dish.course)),
        new Map(rooms.map((room) => [room.id, room.name])),
      ),
      choice: own?.choice ?? null,
      choiceOpenUntil: own?.openUntil ?? null,
    };
  });
}

/** Publishes or withdraws a week; saying what it is already changes nothing. */
export async function setWeekPublished(
  deps: Deps,
  actor: FoodActor,
  week: string,
  published: boolean,
): Promise<WeekPublished> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    let changed: boolean;
    if (published) {
      changed = !(await findMenuWeek(trx, schoolId, week));
      if (changed) {
        await insertMenuWeek(trx, {
          school_id: schoolId,
          week,
          published_at: nowIso(),
          published_by: actor.personId,
        });
      }
    } else {
      changed = await deleteMenuWeek(trx, schoolId, week);
    }
    if (changed) {
      await recordAudit(trx, {
        schoolId,
        actorPersonId: actor.personId,
        action: published ? 'publish' : 'unpublish',
        entity: 'menu-week',
        entityId: week,
      });
      publish('food', []);
    }
    const row = await findMenuWeek(trx, schoolId, week);
    return { week, published: row !== undefined, publishedAt: row?.published_at ?? null };
  });
}

function copyProblem(path: string, message: string): ProblemError {
  return new ProblemError('validation-failed', undefined, [{ path, code: 'invalid', message }]);
}

/** The meals of `from`…`to`, read in pieces the calendar allows. */
async function mealsOfSpan(db: Queryable, schoolId: string, from: string, to: string) {
  const meals: MealOccurrence[] = [];
  for (let start = from; start <= to; start = addDays(start, CALENDAR_CHUNK_DAYS)) {
    const end = addDays(start, CALENDAR_CHUNK_DAYS - 1);
    meals.push(...(await mealsBetween(db, schoolId, start, end < to ? end : to)));
  }
  return meals;
}

/**
 * Copies the block of `weeks` weeks from `from` to `to`, and again to every following block, up
 * to and including the week `until`: one week copied (weeks 1), or a rotation repeated through a
 * term. Meals match by weekday and meal name, so a copy works across a changed timetable. A
 * target meal whose weekday in the source block has a meal of the same name gets exactly the
 * source's dishes (none, if the source meal has none); a target meal without such a source meal
 * keeps its own. Archived dishes are copied too: they are still the dish that was served. Which
 * weeks are published does not change.
 */
export async function copyMenus(
  deps: Deps,
  actor: FoodActor,
  input: MenuCopyInput,
): Promise<{ weeks: number; meals: number }> {
  const { schoolId } = actor;
  const { from, weeks, to, until } = input;
  const targetWeeks = daysBetween(to, until) / 7 + 1;
  if (targetWeeks > MENU_COPY_WEEKS_MAX) {
    throw copyProblem('body.until', `Det kan kopieres til høyst ${MENU_COPY_WEEKS_MAX} uker om gangen.`);
  }
  const sourceEnd = addDays(from, weeks * 7 - 1);
  const targetEnd = addDays(until, 6);
  if (to <= sourceEnd && targetEnd >= from) {
    throw copyProblem('body.to', 'Ukene det kopieres til, kan ikke være blant ukene det kopieres fra.');
  }
  // The calendar is read outside the transaction, where its kept base serves every piece.
  const { db } = deps.database;
  const [sourceMeals, targetMeals] = await Promise.all([
    mealsBetween(db, schoolId, from, sourceEnd),
    mealsOfSpan(db, schoolId, to, targetEnd),
  ]);
  const sourceIds = new Set(sourceMeals.map((meal) => mealId(meal.date, meal.key)));
  /** The source block's date for a target date: the same place in the rotation, the same weekday. */
  const sourceDateOf = (date: string) =>
    addDays(from, (Math.floor(daysBetween(to, date) / 7) % weeks) * 7 + weekDayIndex(date));
  const replaced = targetMeals.flatMap((meal) => {
    const source = mealId(sourceDateOf(meal.date), meal.key);
    return sourceIds.has(source) ? [{ date: meal.date, mealKey: meal.key, source }] : [];
  });

  return write(deps, schoolId, async (trx, publish) => {
    const sourceItems = new Map<string, MenuItemValues[]>();
    for (const item of await menuItemRowsBetween(trx, schoolId, from, sourceEnd)) {
      const id = mealId(item.date, item.meal_key);
      sourceItems.set(id, [...(sourceItems.get(id) ?? []), { ...item, position: Number(item.position) }]);
    }
    await deleteMealItems(trx, schoolId, replaced);
    await insertMenuItems(
      trx,
      schoolId,
      replaced.flatMap((meal) =>
        (sourceItems.get(meal.source) ?? []).map((item, position) => ({
          date: meal.date,
          meal_key: meal.mealKey,
          position,
          dish_id: item.dish_id,
          course: item.course,
        })),
      ),
    );
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'menu-copy',
      entity: 'menu',
      entityId: `${to}..${until}`,
      after: { from, weeks, to, until, meals: replaced.length },
    });
    publish('food', []);
    return { weeks: targetWeeks, meals: replaced.length };
  });
}
