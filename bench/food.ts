/**
 * The kitchen's count for the large school of PERFORMANCE.md (issue 16): how many will eat at
 * each meal of the next 7 days, per allergen and diet, with names.
 *
 * `generateFoodData` writes, in generate.ts's transaction and the same for the same seed, what
 * the count reads besides the calendar's dining events (the normal week has four meals a
 * weekday and two or three at the weekend): special diets for one student in ten, and for every
 * meal of the next 7 days «Jeg spiser ikke» or «Matpakke» from about one in twenty, each with the
 * absence in advance it writes, and a few students away for a whole day.
 */
import { addDays, attendanceId, todayInSchoolZone, type Allergen, type Diet } from '@tun/shared';
import type { Queryable } from '../apps/server/src/db/database';
import type {
  MealChoiceTable,
  PersonDietTable,
  PrelimAttendanceTable,
  PrelimDayAttendanceTable,
} from '../apps/server/src/db/schema';
import type { GeneratedSchool } from '../apps/server/src/demo/generate-school';
import { CHOICE_NOTES } from '../apps/server/src/modules/food/meal-choices.service';
import { mealsBetween } from '../apps/server/src/modules/food/meals';
import type { BenchContext, Scenario } from './scenarios';
import { seededRandom } from '../apps/server/src/demo/generate-attendance';

const DAYS = 7;
/** Rows per insert: far below both databases' limits on bound parameters. */
const CHUNK = 500;

/** The diets a school of 400 has, roughly as often as a kitchen meets them. */
const DIETS: { allergens: Allergen[]; glutenCereals?: string[]; nuts?: string[]; diets: Diet[] }[] = [
  { allergens: ['milk'], diets: [] },
  { allergens: ['nuts', 'peanuts'], nuts: ['hazelnut', 'walnut'], diets: [] },
  { allergens: ['gluten'], glutenCereals: ['wheat', 'rye', 'barley', 'oats'], diets: ['glutenFree'] },
  { allergens: [], diets: ['vegetarian'] },
  { allergens: [], diets: ['vegetarian'] },
  { allergens: [], diets: ['vegan'] },
  { allergens: [], diets: ['halal'] },
  { allergens: ['egg', 'fish'], diets: [] },
  { allergens: [], diets: ['lactoseFree'] },
];

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function generateFoodData(
  trx: Queryable,
  schoolId: string,
  school: GeneratedSchool,
  seed = 1,
): Promise<{ diets: number; choices: number }> {
  const next = seededRandom(seed + 16);
  const now = new Date().toISOString();
  const consentBy = school.staffIds[0] ?? null;
  const diets: PersonDietTable[] = school.studentIds
    .filter(() => next() < 0.1)
    .map((personId) => {
      const diet = DIETS[Math.floor(next() * DIETS.length)]!;
      return {
        person_id: personId,
        school_id: schoolId,
        allergens: JSON.stringify(diet.allergens),
        gluten_cereals: JSON.stringify(diet.glutenCereals ?? []),
        nuts: JSON.stringify(diet.nuts ?? []),
        diets: JSON.stringify(diet.diets),
        note: '',
        consent_at: now,
        consent_by: next() < 0.5 ? personId : consentBy,
        updated_at: now,
      };
    });

  const from = todayInSchoolZone();
  const to = addDays(from, DAYS - 1);
  const choices: MealChoiceTable[] = [];
  const early: PrelimAttendanceTable[] = [];
  for (const meal of await mealsBetween(trx, schoolId, from, to)) {
    for (const studentId of school.studentIds) {
      if (next() >= 0.05) continue;
      const choice = next() < 0.7 ? 'notEating' : 'packedLunch';
      choices.push({
        school_id: schoolId,
        date: meal.date,
        meal_key: meal.key,
        student_id: studentId,
        choice,
        chosen_by: studentId,
        updated_at: now,
      });
      // The normal week's meals are for the whole school: every student is expected at each.
      for (const event of meal.events) {
        early.push({
          school_id: schoolId,
          id: attendanceId(event.id, studentId),
          event_id: event.id,
          student_id: studentId,
          event_start: event.start,
          note: CHOICE_NOTES[choice],
          preliminary_by: studentId,
          preliminary_status: 'notAttending',
          updated_at: now,
        });
      }
    }
  }
  const days: PrelimDayAttendanceTable[] = [];
  for (let day = 0; day < DAYS; day += 1) {
    for (const studentId of school.studentIds) {
      if (next() >= 0.02) continue;
      days.push({
        school_id: schoolId,
        date: addDays(from, day),
        student_id: studentId,
        note: 'Syk',
        preliminary_by: consentBy,
        preliminary_status: 'justifiedLeave',
        updated_at: now,
      });
    }
  }
  await insertChunked(diets, (chunk) => trx.insertInto('person_diet').values(chunk).execute());
  await insertChunked(choices, (chunk) => trx.insertInto('meal_choice').values(chunk).execute());
  await insertChunked(early, (chunk) => trx.insertInto('prelim_attendance').values(chunk).execute());
  await insertChunked(days, (chunk) => trx.insertInto('prelim_day_attendance').values(chunk).execute());
  return { diets: diets.length, choices: choices.length };
}

const countsPath = () => `/api/v1/food/counts?from=${todayInSchoolZone()}&days=${DAYS}`;

/** A count without meals, students or choices would measure less than the scenario says. */
async function checkCounts(ctx: BenchContext): Promise<undefined> {
  const response = await fetch(`${ctx.baseUrl}${countsPath()}`, {
    headers: { cookie: ctx.dataset.admin.cookie },
  });
  const body = (await response.json()) as {
    days?: { meals: { expected: number; notEating: number; people: unknown[] }[] }[];
  };
  const meals = body.days?.flatMap((day) => day.meals) ?? [];
  if (
    response.status !== 200 ||
    meals.length < 20 ||
    !meals.every((meal) => meal.expected > 300 && meal.notEating > 0 && meal.people.length > 40)
  ) {
    throw new Error(`GET ${countsPath()} answered ${response.status} without a full week of counts`);
  }
  return undefined;
}

/**
 * PERFORMANCE.md: «the kitchen's count for the next 7 days' meals in the large school», as the
 * kitchen's page asks for it, at the run's 50 clients: the answer is kept until something it
 * follows changes, as the calendar and the sheets are.
 */
export const foodCountScenario: Scenario<undefined> = {
  name: "kitchen's count, next 7 days' meals (400 students)",
  budget: { p99Ms: 200 },
  setup: checkCounts,
  request: ({ dataset }) => ({ path: countsPath(), headers: { cookie: dataset.admin.cookie } }),
};

/**
 * The same count made anew for every request (a kept answer is never found), as after each
 * «Jeg spiser ikke»: by five clients at once, a kitchen's staff and its admins, not fifty.
 */
export const foodCountMissScenario: Scenario<undefined> = {
  name: "kitchen's count, next 7 days, made anew each time (5 clients)",
  budget: { p99Ms: 200 },
  connections: 5,
  setup: checkCounts,
  request: ({ dataset }) => {
    const headers = { cookie: dataset.admin.cookie };
    let request = 0;
    return {
      path: countsPath(),
      headers,
      // A parameter the route ignores, but which is part of what the answer is kept under.
      requests: [
        {
          method: 'GET',
          headers,
          setupRequest: (req) => ({ ...req, path: `${countsPath()}&request=${(request += 1)}` }),
        },
      ],
    };
  },
};
