/**
 * How many will eat (decision 025): per meal, the students expected at its dining events (the
 * attendance module's rule), less «Jeg spiser ikke» and «Matpakke», less absence registered in
 * advance for the event or the whole day, and less approved leave overlapping the event
 * (decision 027); and, of those the kitchen feeds (eating or taking a
 * packed lunch), how many need each allergen kept out and each diet. A fixed number of queries
 * for the whole range, however many days and meals it holds.
 */
import {
  addDays,
  type Allergen,
  type Diet,
  type FoodCounts,
  type MealChoice,
  type MealCount,
  type MealPresence,
} from '@tun/shared';
import type { Queryable } from '../../db/database';
import { expectedStudentsOfEvents, preliminaryOfEvents } from '../attendance/attendance.service';
import { leaveCovers, type ApprovedLeave } from '../leave/leave-periods.service';
import { dietsByPerson } from './diets.service';
import { choicesBetween } from './meal-choices.repository';
import { mealsBetween, type MealOccurrence } from './meals';

export async function foodCounts(
  db: Queryable,
  schoolId: string,
  query: { from: string; days: number },
): Promise<FoodCounts> {
  const from = query.from;
  const to = addDays(from, query.days - 1);
  const meals = await mealsBetween(db, schoolId, from, to);
  const events = meals.flatMap((meal) => meal.events);
  const [expected, [eventRows, dayRows, leaves], choiceRows, diets] = await Promise.all([
    expectedStudentsOfEvents(db, schoolId, events),
    preliminaryOfEvents(db, schoolId, events, { from, to }),
    choicesBetween(db, schoolId, { from, to }),
    dietsByPerson(db, schoolId),
  ]);
  const expectedByEvent = new Map(events.map((event, index) => [event, expected[index]!]));
  // Nested by the student's id, whose string is the same one in every list: a lookup hashes it
  // once, where keys joined per lookup would build and hash a new string each time.
  const byStudent = <T>(map: Map<string, Map<string, T>>, key: string, studentId: string, value: T) => {
    const inner = map.get(key) ?? new Map<string, T>();
    inner.set(studentId, value);
    map.set(key, inner);
  };
  const dayAway = new Map<string, Map<string, string>>();
  for (const row of dayRows) byStudent(dayAway, row.date, row.student_id, row.preliminary_status);
  const eventAway = new Map<string, Map<string, string>>();
  for (const row of eventRows) byStudent(eventAway, row.event_id, row.student_id, row.preliminary_status);
  const leavesOf = new Map<string, ApprovedLeave[]>();
  for (const leave of leaves)
    leavesOf.set(leave.studentId, [...(leavesOf.get(leave.studentId) ?? []), leave]);
  const chosen = new Map<string, Map<string, MealChoice>>();
  for (const row of choiceRows) {
    byStudent(chosen, `${row.date}|${row.meal_key}`, row.student_id, row.choice as MealChoice);
  }

  const countMeal = (meal: MealOccurrence): MealCount => {
    // Who is expected at which of the meal's events (nearly always one), in the order of names.
    const lists = meal.events.map((event) => expectedByEvent.get(event) ?? []);
    const students = lists.length === 1 ? lists[0]! : [...new Set(lists.flat())];
    const attending = lists.length === 1 ? undefined : lists.map((list) => new Set(list));
    const awayThatDay = dayAway.get(meal.date);
    const awayFromEvent = meal.events.map((event) => eventAway.get(event.id));
    const choices = chosen.get(`${meal.date}|${meal.key}`);
    /**
     * Absence in advance for every event of the meal the student is expected at: the event's own
     * first, then the day's, then an approved leave overlapping the event.
     */
    const isAway = (studentId: string) =>
      awayFromEvent.every((away, index) => {
        if (attending && !attending[index]!.has(studentId)) return true;
        const event = meal.events[index]!;
        const onLeave = leavesOf.get(studentId)?.find((leave) => leaveCovers(leave, event.start, event.end));
        const status = away?.get(studentId) ?? awayThatDay?.get(studentId) ?? onLeave?.status;
        return status !== undefined && status !== 'attending';
      });
    const totals = { eating: 0, notEating: 0, packedLunch: 0, absent: 0 };
    const allergens: Partial<Record<Allergen, number>> = {};
    const dietCounts: Partial<Record<Diet, number>> = {};
    const people: MealCount['people'] = [];
    for (const studentId of students) {
      // The student's own choice says the most: a packed lunch is made even on a day away.
      const choice = choices?.get(studentId);
      const presence: MealPresence = choice ?? (isAway(studentId) ? 'absent' : 'eating');
      totals[presence] += 1;
      const diet = diets.get(studentId);
      const fed = presence === 'eating' || presence === 'packedLunch';
      if (diet && fed) {
        for (const allergen of diet.allergens) allergens[allergen] = (allergens[allergen] ?? 0) + 1;
        for (const kind of diet.diets) dietCounts[kind] = (dietCounts[kind] ?? 0) + 1;
      }
      if (diet || presence !== 'eating') {
        people.push({
          personId: studentId,
          presence,
          allergens: diet?.allergens ?? [],
          glutenCereals: diet?.glutenCereals ?? [],
          nuts: diet?.nuts ?? [],
          diets: diet?.diets ?? [],
          note: diet?.note ?? '',
        });
      }
    }
    return {
      date: meal.date,
      name: meal.name,
      start: meal.start,
      expected: students.length,
      ...totals,
      allergens,
      diets: dietCounts,
      people,
    };
  };

  const byDate = new Map<string, MealCount[]>();
  for (const meal of meals) {
    const list = byDate.get(meal.date) ?? [];
    list.push(countMeal(meal));
    byDate.set(meal.date, list);
  }
  return {
    from,
    days: Array.from({ length: query.days }, (_, index) => {
      const date = addDays(from, index);
      return { date, meals: byDate.get(date) ?? [] };
    }),
  };
}
