/**
 * The meals of a range: the calendar's dining events, with the schedules expanded and overrides
 * applied, grouped by school date and name (decision 025). Menus, «Jeg spiser ikke» and the
 * kitchen's count all read meals from here, so that what a meal is is decided once.
 */
import { addDays, mealKeyOf, schoolDayStart, todayInSchoolZone, type CalendarEvent } from '@tun/shared';
import type { Queryable } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { listCalendar } from '../calendar/calendar.service';

export interface MealOccurrence {
  date: string;
  /** The name of the first dining event, as the calendar has it. */
  name: string;
  /** mealKeyOf(name): what menus and choices are stored under. */
  key: string;
  /** The dining events of this name on this date (one, nearly always), by start. */
  events: CalendarEvent[];
  /** The first event's start and the last event's end. */
  start: string;
  end: string;
}

/** The meals of the school dates `from`…`to` (both included), by date and start. */
export async function mealsBetween(
  db: Queryable,
  schoolId: string,
  from: string,
  to: string,
): Promise<MealOccurrence[]> {
  const events = await listCalendar(db, schoolId, {
    from: schoolDayStart(from),
    to: schoolDayStart(addDays(to, 1)),
  });
  const meals = new Map<string, MealOccurrence>();
  for (const event of events) {
    if (event.type !== 'dining') continue;
    const date = todayInSchoolZone(new Date(event.start));
    if (date < from || date > to) continue;
    const key = mealKeyOf(event.name);
    const id = `${date}|${key}`;
    const meal = meals.get(id);
    if (!meal) {
      meals.set(id, {
        date,
        name: event.name.trim(),
        key,
        events: [event],
        start: event.start,
        end: event.end,
      });
      continue;
    }
    meal.events.push(event);
    if (event.start < meal.start) meal.start = event.start;
    if (event.end > meal.end) meal.end = event.end;
  }
  const list = [...meals.values()];
  for (const meal of list) meal.events.sort((a, b) => a.start.localeCompare(b.start));
  return list.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
}

/** The meal of that date and name, or 404 `meal-unknown` when the calendar has no such dining event. */
export async function findMeal(
  db: Queryable,
  schoolId: string,
  ref: { date: string; meal: string },
): Promise<MealOccurrence> {
  const key = mealKeyOf(ref.meal);
  const meal = (await mealsBetween(db, schoolId, ref.date, ref.date)).find((m) => m.key === key);
  if (!meal) throw new ProblemError('meal-unknown');
  return meal;
}

/** The dates of a week, Monday first. */
export function datesOfWeek(week: string): string[] {
  return Array.from({ length: 7 }, (_, day) => addDays(week, day));
}
