/**
 * The demo school's special diets and meal choices (docs/decisions/025-food-planner.md): seven
 * students with the diets a kitchen meets every year (milk allergy, nut allergy naming the nuts,
 * coeliac disease, vegetarian, halal, vegan, egg allergy), each recorded with consent — by the
 * student, or by the kitchen confirming it — and a couple of «Jeg spiser ikke» / «Matpakke» for
 * tomorrow, so that the kitchen's count has something to show. Written through the services, so
 * that the audit and the attendance sheets hold what they would after real use.
 */
import { addDays, todayInSchoolZone, type Role } from '@tun/shared';
import type { AppContext } from '../context';
import { expectedStudentsOfEvents } from '../modules/attendance/attendance.service';
import { saveDiet } from '../modules/food/diets.service';
import { setMealChoice } from '../modules/food/meal-choices.service';
import { mealsBetween } from '../modules/food/meals';

type DietRecord = Parameters<typeof saveDiet>[3];

const diet = (fields: Partial<DietRecord>): DietRecord => ({
  allergens: [],
  glutenCereals: [],
  nuts: [],
  diets: [],
  note: '',
  consent: true,
  ...fields,
});

/** The diets, the first for the demo's student login; `byKitchen` when the kitchen entered it. */
const DIETS: { diet: DietRecord; byKitchen: boolean }[] = [
  {
    diet: diet({ allergens: ['milk'], note: 'Melkeproteinallergi: heller ikke smør eller fløte i sausen.' }),
    byKitchen: false,
  },
  {
    diet: diet({
      allergens: ['nuts', 'peanuts'],
      nuts: ['hazelnut', 'walnut', 'cashew'],
      note: 'Alvorlig allergi, har adrenalinpenn.',
    }),
    byKitchen: true,
  },
  {
    diet: diet({
      allergens: ['gluten'],
      glutenCereals: ['wheat', 'rye', 'barley', 'oats'],
      diets: ['glutenFree'],
      note: 'Cøliaki.',
    }),
    byKitchen: true,
  },
  { diet: diet({ diets: ['vegetarian'] }), byKitchen: false },
  { diet: diet({ diets: ['halal'] }), byKitchen: false },
  { diet: diet({ diets: ['vegan'], note: 'Spiser heller ikke honning.' }), byKitchen: false },
  { diet: diet({ allergens: ['egg'] }), byKitchen: true },
];

export async function generateDiets(
  ctx: AppContext,
  schoolId: string,
  people: { kitchenId: string; demoStudentId?: string | undefined },
): Promise<void> {
  const db = ctx.database.db;
  const today = todayInSchoolZone();
  const [everyone = []] = await expectedStudentsOfEvents(db, schoolId, [
    { groupsAttending: [], start: new Date().toISOString() },
  ]);
  const others = everyone.filter((id) => id !== people.demoStudentId);
  // Spread over the alphabet, so that the names turn up here and there in the lists.
  const step = Math.max(1, Math.floor(others.length / DIETS.length));
  const spread = (offset: number, count: number) =>
    others.length === 0
      ? []
      : [
          ...new Set(
            Array.from({ length: count }, (_, index) => others[(index * step + offset) % others.length]!),
          ),
        ];
  const students = [
    ...(people.demoStudentId ? [people.demoStudentId] : []),
    ...spread(3, DIETS.length),
  ].slice(0, DIETS.length);
  const kitchen = { schoolId, personId: people.kitchenId, roles: ['kitchen'] as Role[] };
  const student = (personId: string) => ({ schoolId, personId, roles: [] as Role[] });

  for (const [index, personId] of students.entries()) {
    const entry = DIETS[index]!;
    await saveDiet(ctx, entry.byKitchen ? kitchen : student(personId), personId, entry.diet);
  }

  // Tomorrow: one student is away for dinner, another takes a packed lunch for the day's trip.
  const tomorrow = addDays(today, 1);
  const meals = await mealsBetween(db, schoolId, tomorrow, tomorrow);
  const [away, trip] = spread(5, 2);
  const dinner = meals.find((meal) => meal.key === 'middag') ?? meals[meals.length - 1];
  const midday = meals.find((meal) => meal.key === 'lunsj') ?? meals[1];
  if (away && dinner) {
    await setMealChoice(ctx, student(away), { date: tomorrow, meal: dinner.name, choice: 'notEating' });
  }
  if (trip && midday && midday !== dinner) {
    await setMealChoice(ctx, student(trip), { date: tomorrow, meal: midday.name, choice: 'packedLunch' });
  }
}
