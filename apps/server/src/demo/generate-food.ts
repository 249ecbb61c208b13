/**
 * The demo school's kitchen (docs/decisions/025-food-planner.md): a library of Norwegian dishes
 * with their allergens as the food information regulation names them (the cereal and the nut
 * too, and «kan inneholde spor av» where a kitchen would say so), and the menus of this week and
 * next, both published, on the dining events of the demo's normal week (generate-timetable.ts):
 * a main dish and a vegetarian one at every meal, and a dessert at some dinners.
 */
import { randomUUID } from 'node:crypto';
import {
  addDays,
  dishInputSchema,
  mondayOf,
  todayInSchoolZone,
  weekDayIndex,
  type Course,
  type DishInput,
} from '@tun/shared';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { write } from '../db/write';
import { insertDish } from '../modules/food/dishes.repository';
import { storedDishValues } from '../modules/food/dishes.service';
import { mealsBetween } from '../modules/food/meals';
import { insertMenuItems, insertMenuWeek, type MenuItemValues } from '../modules/food/menus.repository';

/**
 * The dishes. What a recipe of the kind usually holds: stock and curry powder bring celery and
 * mustard, soy sauce brings wheat, white wine sulphites, pesto cashews.
 */
const DISHES: DishInput[] = [
  // Breakfast, supper and brunch
  {
    name: 'Grovbrød med pålegg',
    description: 'Grovbrød og knekkebrød med ost, egg, makrell i tomat, skinke og grønnsaker',
    allergens: ['gluten', 'egg', 'fish', 'milk'],
    glutenCereals: ['wheat', 'rye'],
    mayContain: ['sesame'],
  },
  {
    name: 'Havregrøt med kanel',
    description: 'Kokt på vann, servert med melk, kanel og eplebiter',
    allergens: ['gluten', 'milk'],
    glutenCereals: ['oats'],
    diets: ['vegetarian'],
  },
  {
    name: 'Yoghurt med müsli og bær',
    allergens: ['milk', 'gluten', 'nuts'],
    glutenCereals: ['oats'],
    nuts: ['hazelnut'],
    mayContain: ['peanuts'],
    diets: ['vegetarian'],
  },
  {
    name: 'Omelett med grønnsaker',
    allergens: ['egg', 'milk'],
    diets: ['vegetarian', 'glutenFree'],
  },
  {
    name: 'Eggerøre og bacon',
    allergens: ['egg', 'milk'],
    diets: ['glutenFree'],
  },
  {
    name: 'Kanelboller',
    allergens: ['gluten', 'milk', 'egg'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian'],
  },
  {
    name: 'Vafler med syltetøy og rømme',
    allergens: ['gluten', 'egg', 'milk'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian'],
  },
  // Lunch
  {
    name: 'Bergensk fiskesuppe',
    description: 'Med torsk, laks, reker og rotgrønnsaker',
    allergens: ['gluten', 'crustaceans', 'fish', 'milk', 'celery'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Tacosuppe',
    description: 'Med kjøttdeig, bønner og mais; rømme og revet ost ved siden av',
    allergens: ['milk'],
    mayContain: ['celery'],
    diets: ['glutenFree'],
  },
  {
    name: 'Linsesuppe',
    description: 'Røde linser, gulrot, stangselleri og tomat',
    allergens: ['celery'],
    diets: ['vegetarian', 'vegan', 'lactoseFree', 'glutenFree'],
  },
  {
    name: 'Grønnsakssuppe',
    allergens: ['celery'],
    diets: ['vegetarian', 'vegan', 'lactoseFree', 'glutenFree'],
  },
  {
    name: 'Kyllingsalat med couscous',
    description: 'Med sennepsdressing',
    allergens: ['gluten', 'mustard'],
    glutenCereals: ['wheat'],
    diets: ['lactoseFree'],
  },
  {
    name: 'Grillpølser i lompe',
    description: 'Med sennep og ketchup',
    allergens: ['gluten', 'milk', 'mustard'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Falafel i pita med hummus',
    allergens: ['gluten', 'sesame'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian', 'vegan', 'lactoseFree'],
  },
  {
    name: 'Sushibolle med laks',
    description: 'Ris, laks, avokado og edamame med soyasaus og sesamfrø',
    allergens: ['gluten', 'fish', 'soy', 'sesame'],
    glutenCereals: ['wheat'],
    diets: ['lactoseFree'],
  },
  // Dinner
  {
    name: 'Kjøttkaker i brun saus',
    description: 'Med potetmos, ertestuing og tyttebær',
    allergens: ['gluten', 'milk', 'celery'],
    glutenCereals: ['wheat'],
    mayContain: ['egg'],
  },
  {
    name: 'Fiskegrateng',
    description: 'Med makaroni, revet ost og råkost',
    allergens: ['gluten', 'egg', 'fish', 'milk'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Lapskaus',
    description: 'Lys lapskaus med svinekjøtt, poteter, kålrot og sellerirot; flatbrød ved siden av',
    allergens: ['gluten', 'celery'],
    glutenCereals: ['wheat', 'barley'],
    diets: ['lactoseFree'],
  },
  {
    name: 'Fårikål',
    description: 'Lam og kål med hel pepper og kokte poteter',
    allergens: ['gluten'],
    glutenCereals: ['wheat'],
    diets: ['lactoseFree'],
  },
  {
    name: 'Laksefilet med poteter og sandefjordsmør',
    allergens: ['fish', 'milk'],
    diets: ['glutenFree'],
  },
  {
    name: 'Karbonader med løk og poteter',
    allergens: ['gluten', 'milk', 'celery'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Kylling i karri med ris',
    description: 'Halalslaktet kylling i mild karrisaus med fløte',
    allergens: ['milk', 'mustard'],
    mayContain: ['celery'],
    diets: ['halal', 'glutenFree'],
  },
  {
    name: 'Spaghetti bolognese',
    description: 'Med parmesan',
    allergens: ['gluten', 'milk', 'celery'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Fiskekaker med kålstuing',
    allergens: ['gluten', 'fish', 'milk'],
    glutenCereals: ['wheat'],
    mayContain: ['egg'],
  },
  {
    name: 'Ovnsbakt torsk med gulrotstuing',
    allergens: ['gluten', 'fish', 'milk'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Blåskjell i hvitvin og fløte',
    description: 'Med loff',
    allergens: ['gluten', 'milk', 'sulphites', 'molluscs'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Thaisuppe med reker',
    description: 'Med kokosmelk, sitrongress og fiskesaus',
    allergens: ['crustaceans', 'fish'],
    diets: ['lactoseFree', 'glutenFree'],
  },
  {
    name: 'Lammegryte med couscous',
    description: 'Halalslaktet lam',
    allergens: ['gluten', 'celery'],
    glutenCereals: ['wheat'],
    diets: ['halal', 'lactoseFree'],
  },
  {
    name: 'Pizza med skinke og paprika',
    allergens: ['gluten', 'milk'],
    glutenCereals: ['wheat'],
  },
  {
    name: 'Juleribbe med surkål og rødkål',
    description: 'Med medisterkaker, poteter og sjysaus',
    allergens: ['gluten', 'milk', 'celery'],
    glutenCereals: ['wheat'],
  },
  // Vegetarian dinners
  {
    name: 'Vegetarlasagne',
    allergens: ['gluten', 'egg', 'milk', 'celery'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian'],
  },
  {
    name: 'Nudelwok med tofu og peanøtter',
    allergens: ['gluten', 'peanuts', 'soy', 'sesame'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian', 'vegan', 'lactoseFree'],
  },
  {
    name: 'Pasta med cashewpesto',
    allergens: ['gluten', 'milk', 'nuts'],
    glutenCereals: ['wheat'],
    nuts: ['cashew'],
    diets: ['vegetarian'],
  },
  {
    name: 'Chili sin carne med ris',
    allergens: [],
    mayContain: ['celery'],
    diets: ['vegetarian', 'vegan', 'lactoseFree', 'glutenFree'],
  },
  {
    name: 'Vegetarpizza',
    allergens: ['gluten', 'milk'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian'],
  },
  {
    name: 'Nøttestek med tyttebær',
    allergens: ['gluten', 'egg', 'milk', 'nuts', 'celery'],
    glutenCereals: ['wheat'],
    nuts: ['walnut', 'hazelnut'],
    diets: ['vegetarian'],
  },
  {
    name: 'Grønnsaksbiff med kålstuing',
    allergens: ['gluten', 'milk', 'soy'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian'],
  },
  // Desserts
  {
    name: 'Risgrøt',
    description: 'Med smør, sukker og kanel',
    allergens: ['milk'],
    diets: ['vegetarian', 'glutenFree'],
  },
  {
    name: 'Rømmegrøt',
    allergens: ['gluten', 'milk'],
    glutenCereals: ['wheat'],
    diets: ['vegetarian'],
  },
  {
    name: 'Riskrem med rød saus',
    allergens: ['milk'],
    diets: ['vegetarian', 'glutenFree'],
  },
  {
    name: 'Karamellpudding',
    allergens: ['egg', 'milk'],
    diets: ['vegetarian', 'glutenFree'],
  },
  {
    name: 'Sjokoladekake',
    allergens: ['gluten', 'egg', 'soy', 'milk'],
    glutenCereals: ['wheat'],
    mayContain: ['peanuts', 'nuts'],
    diets: ['vegetarian'],
  },
  {
    name: 'Eplekake med mandler',
    allergens: ['gluten', 'egg', 'milk', 'nuts'],
    glutenCereals: ['wheat'],
    nuts: ['almond'],
    diets: ['vegetarian'],
  },
  {
    name: 'Fruktsalat',
    allergens: [],
    diets: ['vegetarian', 'vegan', 'lactoseFree', 'glutenFree'],
  },
];

type Plan = [dish: string, course: Course][];

/** Dinner, Monday to Sunday: main, vegetarian, and a dessert on some days. */
const DINNERS: Plan[][] = [
  [
    [
      ['Kjøttkaker i brun saus', 'main'],
      ['Grønnsaksbiff med kålstuing', 'vegetarian'],
    ],
    [
      ['Fiskegrateng', 'main'],
      ['Vegetarlasagne', 'vegetarian'],
    ],
    [
      ['Kylling i karri med ris', 'main'],
      ['Nudelwok med tofu og peanøtter', 'vegetarian'],
      ['Fruktsalat', 'dessert'],
    ],
    [
      ['Lapskaus', 'main'],
      ['Chili sin carne med ris', 'vegetarian'],
    ],
    [
      ['Pizza med skinke og paprika', 'main'],
      ['Vegetarpizza', 'vegetarian'],
      ['Sjokoladekake', 'dessert'],
    ],
    [
      ['Laksefilet med poteter og sandefjordsmør', 'main'],
      ['Pasta med cashewpesto', 'vegetarian'],
      ['Karamellpudding', 'dessert'],
    ],
    [
      ['Fårikål', 'main'],
      ['Nøttestek med tyttebær', 'vegetarian'],
      ['Riskrem med rød saus', 'dessert'],
    ],
  ],
  [
    [
      ['Karbonader med løk og poteter', 'main'],
      ['Grønnsaksbiff med kålstuing', 'vegetarian'],
    ],
    [
      ['Fiskekaker med kålstuing', 'main'],
      ['Chili sin carne med ris', 'vegetarian'],
    ],
    [
      ['Spaghetti bolognese', 'main'],
      ['Vegetarlasagne', 'vegetarian'],
      ['Eplekake med mandler', 'dessert'],
    ],
    [
      ['Ovnsbakt torsk med gulrotstuing', 'main'],
      ['Nudelwok med tofu og peanøtter', 'vegetarian'],
    ],
    [
      ['Lammegryte med couscous', 'main'],
      ['Pasta med cashewpesto', 'vegetarian'],
      ['Rømmegrøt', 'dessert'],
    ],
    [
      ['Blåskjell i hvitvin og fløte', 'main'],
      ['Vegetarpizza', 'vegetarian'],
      ['Sjokoladekake', 'dessert'],
    ],
    [
      ['Thaisuppe med reker', 'main'],
      ['Nøttestek med tyttebær', 'vegetarian'],
      ['Karamellpudding', 'dessert'],
    ],
  ],
];

/** Lunch, Monday to Friday: a soup or something warm, and a vegetarian one. */
const LUNCHES: Plan[] = [
  [
    ['Tacosuppe', 'main'],
    ['Linsesuppe', 'vegetarian'],
  ],
  [
    ['Bergensk fiskesuppe', 'main'],
    ['Grønnsakssuppe', 'vegetarian'],
  ],
  [
    ['Kyllingsalat med couscous', 'main'],
    ['Falafel i pita med hummus', 'vegetarian'],
  ],
  [
    ['Sushibolle med laks', 'main'],
    ['Linsesuppe', 'vegetarian'],
  ],
  [
    ['Grillpølser i lompe', 'main'],
    ['Falafel i pita med hummus', 'vegetarian'],
  ],
];

const BREAKFAST: Plan = [
  ['Grovbrød med pålegg', 'main'],
  ['Havregrøt med kanel', 'vegetarian'],
];
const BRUNCH: Plan = [
  ['Eggerøre og bacon', 'main'],
  ['Omelett med grønnsaker', 'vegetarian'],
  ['Kanelboller', 'side'],
];
const SUPPER: Plan = [
  ['Grovbrød med pålegg', 'main'],
  ['Yoghurt med müsli og bær', 'vegetarian'],
];
/** Friday's supper at a folk high school: waffles. */
const FRIDAY_SUPPER: Plan = [...SUPPER, ['Vafler med syltetøy og rømme', 'side']];
/** A dining event the normal week does not have (the one-off Christmas dinner). */
const FEAST: Plan = [
  ['Juleribbe med surkål og rødkål', 'main'],
  ['Nøttestek med tyttebær', 'vegetarian'],
  ['Riskrem med rød saus', 'dessert'],
];

function planOf(mealKey: string, weekIndex: number, day: number): Plan {
  switch (mealKey) {
    case 'frokost':
      return BREAKFAST;
    case 'brunsj':
      return BRUNCH;
    case 'lunsj':
      return LUNCHES[day % LUNCHES.length]!;
    case 'middag':
      return DINNERS[weekIndex % DINNERS.length]![day]!;
    case 'kveldsmat':
      return day === 4 ? FRIDAY_SUPPER : SUPPER;
    default:
      return FEAST;
  }
}

/**
 * The dishes, and the menus of the week of `today` and the next, published by the kitchen. The
 * calendar's normal week must exist already.
 */
export async function generateFood(
  ctx: Pick<AppContext, 'database' | 'live'>,
  schoolId: string,
  options: { kitchenId: string; today?: string },
): Promise<void> {
  const thisWeek = mondayOf(options.today ?? todayInSchoolZone());
  const weeks = [thisWeek, addDays(thisWeek, 7)];
  const meals = await mealsBetween(ctx.database.db, schoolId, thisWeek, addDays(thisWeek, 13));
  const now = nowIso();
  // Through the API's own schema, so a demo dish holds what a kitchen could have typed.
  const dishes = DISHES.map((input) => ({ id: randomUUID(), input: dishInputSchema.parse(input) }));
  const idOf = new Map(dishes.map((dish) => [dish.input.name, dish.id]));
  const items: MenuItemValues[] = meals.flatMap((meal) => {
    const weekIndex = meal.date < weeks[1]! ? 0 : 1;
    return planOf(meal.key, weekIndex, weekDayIndex(meal.date)).map(([name, course], position) => {
      const dishId = idOf.get(name);
      if (!dishId) throw new Error(`The demo menu names a dish it does not have: ${name}`);
      return { date: meal.date, meal_key: meal.key, position, dish_id: dishId, course };
    });
  });

  await write(ctx, schoolId, async (trx, publish) => {
    for (const dish of dishes) {
      await insertDish(trx, {
        id: dish.id,
        school_id: schoolId,
        ...storedDishValues(dish.input),
        created_at: now,
        updated_at: now,
      });
    }
    await insertMenuItems(trx, schoolId, items);
    for (const week of weeks) {
      await insertMenuWeek(trx, {
        school_id: schoolId,
        week,
        published_at: now,
        published_by: options.kitchenId,
      });
    }
    publish('food', []);
  });
}
