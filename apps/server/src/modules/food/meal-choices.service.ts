/**
 * «Jeg spiser ikke» / «Matpakke»: a student's choice for a meal, until the kitchen's cut-off. A
 * choice is absence registered in advance for the meal's dining events too (decision 025),
 * written through the attendance module's one writer; taking it back removes that absence only
 * when the choice wrote it, so a teacher's registration for the same event stays.
 */
import {
  addDays,
  canAll,
  schoolTimeToInstant,
  type FoodSettings,
  type MealChoice,
  type MealChoiceAnswer,
  type MealChoiceInput,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import type { MealChoiceTable } from '../../db/schema';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import {
  expectedStudentsOfEvents,
  findPreliminaryOf,
  removePreliminaryInTransaction,
  studentsAmong,
  writePreliminaryInTransaction,
} from '../attendance/attendance.service';
import { recordAudit } from '../audit/audit.service';
import { getFoodSettings } from './food-settings.service';
import { choicesBetween, deleteChoice, findChoice, putChoice } from './meal-choices.repository';
import { findMeal, type MealOccurrence } from './meals';

type Deps = Pick<AppContext, 'database' | 'live'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;

/** The time the cut-off is measured against; tests set it. */
export const foodClock = { now: (): number => Date.now() };

/**
 * The note of the absence in advance a choice writes: what a teacher reads on the sheet. It is
 * also how the choice knows the row as its own when it is taken back.
 */
export const CHOICE_NOTES: Record<MealChoice, string> = {
  notEating: 'Spiser ikke',
  packedLunch: 'Matpakke',
};

export interface OwnMealChoice {
  choice: MealChoice | null;
  /** Until when the reader may still change it; null when they are not expected or it is closed. */
  openUntil: string | null;
}

/**
 * The last instant a student may tick or untick a meal: `daysBefore` days before the meal's
 * date at the setting's time at the school, but never after the meal has begun.
 */
function choiceCutoff(meal: Pick<MealOccurrence, 'date' | 'start'>, settings: FoodSettings): number {
  const { daysBefore, time } = settings.choiceCutoff;
  return Math.min(schoolTimeToInstant(addDays(meal.date, -daysBefore), time), Date.parse(meal.start));
}

function openUntil(meal: Pick<MealOccurrence, 'date' | 'start'>, settings: FoodSettings): string | null {
  const cutoff = choiceCutoff(meal, settings);
  return foodClock.now() < cutoff ? new Date(cutoff).toISOString() : null;
}

/**
 * The reader's own choice for each meal, by `${date}|${key}`: for a student expected at the
 * meal; nothing for anyone else. The menu answer shows it beside each meal. A handful of
 * queries for the whole range, whatever the number of meals.
 */
export async function ownChoices(
  db: Queryable,
  actor: { schoolId: string; personId: string; roles: readonly string[] },
  meals: readonly MealOccurrence[],
): Promise<Map<string, OwnMealChoice>> {
  const result = new Map<string, OwnMealChoice>();
  // SPEC §3: a person with no roles is a student; only students choose their own meals (§6).
  if (actor.roles.length > 0 || meals.length === 0) return result;
  const { schoolId, personId } = actor;
  const dates = meals.map((meal) => meal.date).sort();
  const events = meals.flatMap((meal) => meal.events);
  const [settings, expected, choices] = await Promise.all([
    getFoodSettings(db, schoolId),
    expectedStudentsOfEvents(db, schoolId, events, [personId]),
    choicesBetween(db, schoolId, { from: dates[0]!, to: dates[dates.length - 1]! }, personId),
  ]);
  const expectedAt = new Set(events.filter((_, index) => expected[index]!.length > 0));
  const chosen = new Map(choices.map((row) => [`${row.date}|${row.meal_key}`, row.choice as MealChoice]));
  for (const meal of meals) {
    if (!meal.events.some((event) => expectedAt.has(event))) continue;
    const id = `${meal.date}|${meal.key}`;
    result.set(id, { choice: chosen.get(id) ?? null, openUntil: openUntil(meal, settings) });
  }
  return result;
}

/** Whether the absence in advance is the one this choice wrote (and nobody has changed since). */
function writtenByChoice(
  row: { preliminary_by: string | null; preliminary_status: string; note: string | null },
  choice: Pick<MealChoiceTable, 'choice' | 'chosen_by'> | undefined,
): boolean {
  return (
    choice !== undefined &&
    choice.chosen_by !== null &&
    row.preliminary_by === choice.chosen_by &&
    row.preliminary_status === 'notAttending' &&
    row.note === CHOICE_NOTES[choice.choice as MealChoice]
  );
}

/**
 * Sets or takes back a student's choice for a meal. A student only their own, only for a meal
 * they are expected at (404 `meal-unknown` otherwise, as for a meal the calendar does not
 * have: the meal is not theirs), and only until the cut-off (409 `meal-choice-closed`, nothing
 * changed). The kitchen and admins set any student's at any time.
 */
export async function setMealChoice(
  deps: Deps,
  actor: Actor,
  input: MealChoiceInput,
): Promise<MealChoiceAnswer> {
  const { schoolId } = actor;
  const anyone = canAll(actor.roles, 'meals:choose');
  const studentId = input.studentId ?? actor.personId;
  if (!anyone && studentId !== actor.personId) throw new ProblemError('forbidden');
  return write(deps, schoolId, async (trx, publish) => {
    const meal = await findMeal(trx, schoolId, input);
    if (anyone && !(await studentsAmong(trx, schoolId, [studentId])).has(studentId)) {
      throw new ProblemError('not-found');
    }
    const key = { schoolId, date: meal.date, mealKey: meal.key, studentId };
    const [settings, expected, existing] = await Promise.all([
      getFoodSettings(trx, schoolId),
      expectedStudentsOfEvents(trx, schoolId, meal.events, [studentId]),
      findChoice(trx, key),
    ]);
    const expectedAt = meal.events.filter((_, index) => expected[index]!.length > 0);
    // Taking back a choice stays possible when the student is no longer expected (a changed line).
    if (expectedAt.length === 0 && !(input.choice === null && existing)) {
      throw new ProblemError('meal-unknown', 'Eleven er ikke ventet til dette måltidet.');
    }
    if (!anyone && foodClock.now() >= choiceCutoff(meal, settings)) {
      throw new ProblemError('meal-choice-closed');
    }
    const before = (existing?.choice as MealChoice | undefined) ?? null;
    const answer = { date: meal.date, meal: meal.name, studentId, choice: input.choice };
    if (before === input.choice) return { ...answer, openUntil: openUntil(meal, settings) };

    if (input.choice === null) {
      await deleteChoice(trx, key);
      for (const event of meal.events) {
        const early = await findPreliminaryOf(trx, schoolId, event.id, studentId);
        if (early && writtenByChoice(early, existing)) {
          await removePreliminaryInTransaction(trx, actor, event.id, studentId, publish);
        }
      }
    } else {
      await putChoice(trx, {
        school_id: schoolId,
        date: meal.date,
        meal_key: meal.key,
        student_id: studentId,
        choice: input.choice,
        chosen_by: actor.personId,
        updated_at: nowIso(),
      });
      for (const event of expectedAt) {
        const early = await findPreliminaryOf(trx, schoolId, event.id, studentId);
        // Someone else's registration for the event (a teacher's) already tells why; it stays.
        if (early && !writtenByChoice(early, existing)) continue;
        await writePreliminaryInTransaction(
          trx,
          actor,
          event,
          { studentId, preliminaryStatus: 'notAttending', note: CHOICE_NOTES[input.choice] },
          publish,
        );
      }
    }
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: before === null ? 'create' : input.choice === null ? 'delete' : 'update',
      entity: 'meal_choice',
      // Ends in the student's id, as the attendance records' ids do.
      entityId: `${meal.date}-${meal.key}-${studentId}`,
      before: before === null ? undefined : { meal: meal.name, choice: before },
      after: input.choice === null ? undefined : { meal: meal.name, choice: input.choice },
    });
    publish('mealChoices', [studentId]);
    publish('mealCounts', []);
    return { ...answer, openUntil: openUntil(meal, settings) };
  });
}
