/**
 * The week's menu laid out: which meals make the rows, which day comes first on a phone, and
 * where the week navigation goes. Pure, so the planner, the print view and the dashboard agree.
 */
import type { Meal, MealChoice, MenuWeek } from '@tun/shared/food';
import { mealKeyOf } from '@tun/shared/names';
import { addDays, mondayOf, schoolDateTimeFormatOnFirstUse, todayInSchoolZone } from '@tun/shared/time';

const schoolClock = schoolDateTimeFormatOnFirstUse('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The school's wall-clock time of an instant, «17:00»: what a meal's usual time is compared by. */
export function mealClock(start: string): string {
  return schoolClock().format(new Date(start));
}

export interface MealRow {
  key: string;
  /** The name as the calendar has it, on the first day the meal is served. */
  name: string;
  /** The start time most days have («08:00»); the earliest of the most common. */
  usualTime: string;
}

/**
 * The week's meals, one row each, in the order of their usual start time: a breakfast moved to
 * 10:00 on Sunday (brunch under the same name) stays the first row.
 */
export function mealRows(days: MenuWeek['days']): MealRow[] {
  const seen = new Map<string, { name: string; order: number; times: Map<string, number> }>();
  for (const day of days) {
    for (const meal of day.meals) {
      const key = mealKeyOf(meal.name);
      let row = seen.get(key);
      if (!row) {
        row = { name: meal.name, order: seen.size, times: new Map() };
        seen.set(key, row);
      }
      const time = mealClock(meal.start);
      row.times.set(time, (row.times.get(time) ?? 0) + 1);
    }
  }
  return [...seen.entries()]
    .map(([key, row]) => {
      const [usualTime = ''] = [...row.times.entries()]
        .sort(([timeA, countA], [timeB, countB]) => countB - countA || timeA.localeCompare(timeB))
        .map(([time]) => time);
      return { key, name: row.name, usualTime, order: row.order };
    })
    .sort((a, b) => a.usualTime.localeCompare(b.usualTime) || a.order - b.order)
    .map(({ key, name, usualTime }) => ({ key, name, usualTime }));
}

/** The meal of a row on a date, when that day has it. */
export function mealOn(day: MenuWeek['days'][number], row: MealRow): Meal | undefined {
  return day.meals.find((meal) => mealKeyOf(meal.name) === row.key);
}

/** A phone shows today and tomorrow first, then the rest of the week in order. */
export function phoneDayOrder<Day extends { date: string }>(days: readonly Day[], today: string): Day[] {
  const tomorrow = addDays(today, 1);
  const first = [today, tomorrow]
    .map((date) => days.find((day) => day.date === date))
    .filter((day): day is Day => day !== undefined);
  return [...first, ...days.filter((day) => day.date !== today && day.date !== tomorrow)];
}

/** The week to show: the one asked for (any date in it), else this week. */
export function weekOf(requested: string | undefined, now: Date = new Date()): string {
  return mondayOf(requested ?? todayInSchoolZone(now));
}

/** The Monday `weeks` weeks after (negative: before) a week's Monday. */
export function weeksAfter(week: string, weeks: number): string {
  return addDays(week, weeks * 7);
}

/** When a choice's deadline is, for «Frist: i dag kl. 09:00». */
export function deadlineDay(openUntil: string, today: string): 'today' | 'tomorrow' | 'later' {
  const date = todayInSchoolZone(new Date(openUntil));
  if (date <= today) return 'today';
  return date === addDays(today, 1) ? 'tomorrow' : 'later';
}

/** What a student may do with a meal: tick or untick until the cut-off, else see what they chose. */
export type ChoiceState =
  | { kind: 'open'; choice: MealChoice | null; openUntil: string }
  | { kind: 'closed'; choice: MealChoice }
  | { kind: 'none' };

export function choiceState(meal: Pick<Meal, 'choice' | 'choiceOpenUntil'>): ChoiceState {
  if (meal.choiceOpenUntil !== null) {
    return { kind: 'open', choice: meal.choice, openUntil: meal.choiceOpenUntil };
  }
  return meal.choice === null ? { kind: 'none' } : { kind: 'closed', choice: meal.choice };
}

/** Today's meals that have dishes, for the dashboard: a week not yet published has none to show. */
export function todaysMenu(week: MenuWeek | undefined, today: string): Meal[] {
  if (!week?.published) return [];
  const day = week.days.find((candidate) => candidate.date === today);
  return (day?.meals ?? []).filter((meal) => meal.dishes.length > 0);
}
