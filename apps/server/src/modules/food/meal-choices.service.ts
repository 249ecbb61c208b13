/**
 * «Jeg spiser ikke» / «Matpakke»: a student's choice for a meal, until the kitchen's cut-off. A
 * choice is absence registered in advance for the meal's dining events too (decision 025).
 */
import type { MealChoice } from '@tun/shared';
import type { Queryable } from '../../db/database';
import type { MealOccurrence } from './meals';

export interface OwnMealChoice {
  choice: MealChoice | null;
  /** Until when the reader may still change it; null when they are not expected or it is closed. */
  openUntil: string | null;
}

/**
 * The reader's own choice for each meal, by `${date}|${key}`: for a student expected at the
 * meal; nothing for anyone else. The menu answer shows it beside each meal.
 */
export async function ownChoices(
  _db: Queryable,
  _actor: { schoolId: string; personId: string; roles: readonly string[] },
  _meals: readonly MealOccurrence[],
): Promise<Map<string, OwnMealChoice>> {
  return new Map();
}
