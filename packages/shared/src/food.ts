/**
 * The food planner (SPEC §2 /app/food-planner, §6 «Food plan: change admin, kitchen; view
 * everyone»): the school's dishes with the 14 allergens of the food information regulation
 * (matinformasjonsforskriften, annex II of regulation (EU) 1169/2011), the week's menus on the
 * calendar's dining events, special diets, and how many will eat. What the SPEC leaves open is in
 * docs/decisions/025-food-planner.md. The server and the web app read their shapes from here.
 */
import { z } from 'zod';
import { isoDateSchema } from './dates';
import { idSchema } from './ids';
import { singleLineText } from './text';
import { mondayOf } from './time';

// --- The regulation's allergens -------------------------------------------------------------

/**
 * The 14 allergens, in the regulation's order. Their names are in the catalogs (food.allergen.*)
 * in the regulation's own words; a menu shows an icon and the name, never the icon alone.
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'egg',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];
export const allergenSchema = z.enum(ALLERGENS);

/** The regulation names the cereal: «korn som inneholder gluten, det vil si hvete, rug, bygg, havre …». */
export const GLUTEN_CEREALS = ['wheat', 'rye', 'barley', 'oats', 'spelt', 'khorasan'] as const;
export type GlutenCereal = (typeof GLUTEN_CEREALS)[number];

/** …and the nut: «nøtter, det vil si mandler, hasselnøtter, valnøtter …». */
export const NUTS = [
  'almond',
  'hazelnut',
  'walnut',
  'cashew',
  'pecan',
  'brazil',
  'pistachio',
  'macadamia',
] as const;
export type Nut = (typeof NUTS)[number];

/** Diet tags of a dish, and the diets a person may need. */
export const DIETS = ['vegetarian', 'vegan', 'halal', 'lactoseFree', 'glutenFree'] as const;
export type Diet = (typeof DIETS)[number];
export const dietSchema = z.enum(DIETS);

/** Field error codes beside zod's own (the web app translates them: errors.field.*). */
export const FOOD_FIELD_CODES = {
  /** Gluten without the cereal, or nuts without the nut. */
  allergenDetailMissing: 'allergen-detail-missing',
  /** Special diets are health data: recorded only with explicit consent. */
  consentMissing: 'diet-consent-missing',
} as const;

export const DISH_NAME_MAX = 120;
export const DISH_DESCRIPTION_MAX = 1000;
export const DISHES_MAX = 2000;
export const MEAL_DISHES_MAX = 8;
export const DIET_NOTE_MAX = 500;
/** How far the kitchen's count looks ahead at most (the page shows the coming 7 days). */
export const FOOD_COUNT_DAYS_MAX = 14;
/** A rotation of N weeks, repeated until a week at most a year on. */
export const MENU_ROTATION_WEEKS_MAX = 8;
export const MENU_COPY_WEEKS_MAX = 53;
/** The planner's default cut-off for «Jeg spiser ikke»: 09:00 the same day. */
export const DEFAULT_CHOICE_CUTOFF = { daysBefore: 0, time: '09:00' } as const;

const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .transform((list) => [...new Set(list)] as z.infer<T>[]);

// --- Dishes ---------------------------------------------------------------------------------

const dishFields = {
  name: singleLineText().min(1).max(DISH_NAME_MAX),
  description: z.string().trim().max(DISH_DESCRIPTION_MAX).default(''),
  allergens: uniqueList(allergenSchema, ALLERGENS.length).default([]),
  /** Which cereals, when `allergens` has gluten (required then). */
  glutenCereals: uniqueList(z.enum(GLUTEN_CEREALS), GLUTEN_CEREALS.length).default([]),
  /** Which nuts, when `allergens` has nuts (required then). */
  nuts: uniqueList(z.enum(NUTS), NUTS.length).default([]),
  /** «Kan inneholde spor av»: cross-contact the kitchen cannot rule out. */
  mayContain: uniqueList(allergenSchema, ALLERGENS.length).default([]),
  diets: uniqueList(dietSchema, DIETS.length).default([]),
};

/** POST/PUT /api/v1/food/dishes (foodPlan:change). */
export const dishInputSchema = z.object(dishFields).superRefine((dish, ctx) => {
  if (dish.allergens.includes('gluten') && dish.glutenCereals.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['glutenCereals'],
      message: 'Velg hvilket korn som inneholder gluten.',
      params: { code: FOOD_FIELD_CODES.allergenDetailMissing },
    });
  }
  if (dish.allergens.includes('nuts') && dish.nuts.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['nuts'],
      message: 'Velg hvilke nøtter.',
      params: { code: FOOD_FIELD_CODES.allergenDetailMissing },
    });
  }
});
export type DishInput = z.input<typeof dishInputSchema>;

export const dishSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  allergens: z.array(allergenSchema),
  glutenCereals: z.array(z.enum(GLUTEN_CEREALS)),
  nuts: z.array(z.enum(NUTS)),
  mayContain: z.array(allergenSchema),
  diets: z.array(dietSchema),
  /** Set when the dish was deleted while menus still name it: kept for them, hidden from choice. */
  archived: z.boolean(),
  updatedAt: z.string(),
});
export type Dish = z.infer<typeof dishSchema>;

export const dishListQuerySchema = z.object({
  archived: z.enum(['0', '1']).default('0'),
});

// --- Menus ----------------------------------------------------------------------------------

/** A dish's place in a meal. */
export const COURSES = ['main', 'vegetarian', 'side', 'dessert'] as const;
export type Course = (typeof COURSES)[number];

/**
 * A meal is the school's dining event of a date, known by its name: «Middag» on 2026-11-24. The
 * menu follows the name, not the event's id or time, so a meal moved to another time keeps its
 * menu and a week's menu copies by weekday and name (decision 025).
 */
export const MEAL_NAME_MAX = 200;
export const mealRefSchema = z.object({
  date: isoDateSchema,
  meal: singleLineText().min(1).max(MEAL_NAME_MAX),
});
export type MealRef = z.infer<typeof mealRefSchema>;

/** Monday of the week (YYYY-MM-DD): what a week is named by in the API. */
export const weekSchema = isoDateSchema.refine((date) => mondayOf(date) === date, {
  message: 'Uken angis med datoen til mandagen.',
});

/** PUT /api/v1/food/menu/meal (foodPlan:change): the dishes of one meal, in order (none clears it). */
export const mealMenuInputSchema = mealRefSchema.extend({
  dishes: z.array(z.object({ dishId: idSchema, course: z.enum(COURSES) })).max(MEAL_DISHES_MAX),
});
export type MealMenuInput = z.infer<typeof mealMenuInputSchema>;

/** PUT /api/v1/food/menu/weeks/:week/published (foodPlan:change). */
export const weekPublishInputSchema = z.object({ published: z.boolean() });
export const weekPublishedSchema = z.object({
  week: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type WeekPublished = z.infer<typeof weekPublishedSchema>;

/**
 * POST /api/v1/food/menu/copy (foodPlan:change): the `weeks` weeks from `from` are copied, as a
 * block, to `to` and every following block up to and including the week of `until`. Copy one
 * week: weeks 1, until = to. Repeat a rotation of 3 weeks through the term: weeks 3, to = from +
 * 3 weeks. Meals match by weekday and name; a target week's menus are replaced, its published
 * state kept.
 */
export const menuCopyInputSchema = z
  .object({
    from: weekSchema,
    weeks: z.number().int().min(1).max(MENU_ROTATION_WEEKS_MAX),
    to: weekSchema,
    until: weekSchema,
  })
  .superRefine((input, ctx) => {
    if (input.until < input.to) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Siste uke kan ikke være før første.' });
    }
  });
export type MenuCopyInput = z.infer<typeof menuCopyInputSchema>;
export const menuCopyResultSchema = z.object({ weeks: z.number().int(), meals: z.number().int() });

export const menuDishSchema = dishSchema.omit({ updatedAt: true }).extend({ course: z.enum(COURSES) });
export type MenuDish = z.infer<typeof menuDishSchema>;

/** «Jeg spiser ikke» or «Matpakke»: both are absence registered in advance for the dining event. */
export const MEAL_CHOICES = ['notEating', 'packedLunch'] as const;
export type MealChoice = (typeof MEAL_CHOICES)[number];

export const mealSchema = z.object({
  date: z.string(),
  /** The dining event's name, as the calendar has it. */
  name: z.string(),
  /** The dining event this meal is today (the first, when two have the same name). */
  eventId: z.string(),
  start: z.string(),
  end: z.string(),
  roomName: z.string().nullable(),
  /** Empty when the week is not published and the reader may not change menus. */
  dishes: z.array(menuDishSchema),
  /** The reader's own choice, when they are expected at the meal (students and scholars). */
  choice: z.enum(MEAL_CHOICES).nullable(),
  /** Until when the reader may still tick or untick; null when they are not expected or may not. */
  choiceOpenUntil: z.string().nullable(),
});
export type Meal = z.infer<typeof mealSchema>;

/** GET /api/v1/food/menu?week= (foodPlan:view). */
export const menuWeekQuerySchema = z.object({ week: weekSchema });
export const menuWeekSchema = z.object({
  week: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  days: z.array(z.object({ date: z.string(), meals: z.array(mealSchema) })),
  policies: z.object({ change: z.boolean() }),
});
export type MenuWeek = z.infer<typeof menuWeekSchema>;

// --- «Jeg spiser ikke» ----------------------------------------------------------------------

/**
 * PUT /api/v1/food/choices (meals:choose): a student's own choice for a meal until the cut-off;
 * kitchen and admins may set anyone's at any time (`studentId`). null takes it back.
 */
export const mealChoiceInputSchema = mealRefSchema.extend({
  studentId: idSchema.optional(),
  choice: z.enum(MEAL_CHOICES).nullable(),
});
export type MealChoiceInput = z.infer<typeof mealChoiceInputSchema>;

/** The answer to PUT /api/v1/food/choices: the choice as stored, and until when the student may change it. */
export const mealChoiceAnswerSchema = z.object({
  date: z.string(),
  /** The meal's name as the calendar has it. */
  meal: z.string(),
  studentId: z.string(),
  choice: z.enum(MEAL_CHOICES).nullable(),
  /** The cut-off, while it has not passed; null after it. */
  openUntil: z.string().nullable(),
});
export type MealChoiceAnswer = z.infer<typeof mealChoiceAnswerSchema>;

/** GET/PUT /api/v1/food/settings: the cut-off, `daysBefore` days before the meal at `time`. */
export const foodSettingsSchema = z.object({
  choiceCutoff: z.object({
    daysBefore: z.number().int().min(0).max(7),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Klokkeslett skrives TT:MM.'),
  }),
});
export type FoodSettings = z.infer<typeof foodSettingsSchema>;

// --- Special diets (health data: GDPR art. 9) -------------------------------------------------

/**
 * PUT /api/v1/food/diets/:personId (diets:change): what the person cannot or will not eat.
 * `consent` must be true: the person's explicit consent (or, entered by the kitchen or an admin,
 * their confirmation that the person gave it) is recorded with the time and who entered it.
 */
export const personDietInputSchema = z
  .object({
    allergens: uniqueList(allergenSchema, ALLERGENS.length).default([]),
    glutenCereals: uniqueList(z.enum(GLUTEN_CEREALS), GLUTEN_CEREALS.length).default([]),
    nuts: uniqueList(z.enum(NUTS), NUTS.length).default([]),
    diets: uniqueList(dietSchema, DIETS.length).default([]),
    note: z.string().trim().max(DIET_NOTE_MAX).default(''),
    consent: z.boolean().refine((consent) => consent, {
      message: 'Spesialkost er helseopplysninger og lagres bare med samtykke.',
      params: { code: FOOD_FIELD_CODES.consentMissing },
    }),
  })
  .superRefine((diet, ctx) => {
    // As for a dish: the kitchen must know which cereal and which nut.
    if (diet.allergens.includes('gluten') && diet.glutenCereals.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['glutenCereals'],
        message: 'Velg hvilket korn som inneholder gluten.',
        params: { code: FOOD_FIELD_CODES.allergenDetailMissing },
      });
    }
    if (diet.allergens.includes('nuts') && diet.nuts.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['nuts'],
        message: 'Velg hvilke nøtter.',
        params: { code: FOOD_FIELD_CODES.allergenDetailMissing },
      });
    }
  });
export type PersonDietInput = z.input<typeof personDietInputSchema>;

export const personDietSchema = z.object({
  personId: z.string(),
  allergens: z.array(allergenSchema),
  glutenCereals: z.array(z.enum(GLUTEN_CEREALS)),
  nuts: z.array(z.enum(NUTS)),
  diets: z.array(dietSchema),
  note: z.string(),
  consentAt: z.string(),
  /** Who entered the consent: the person themselves, or the staff member who recorded it. */
  consentBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type PersonDiet = z.infer<typeof personDietSchema>;

/** GET /api/v1/food/diets/:personId: null when none is recorded. */
export const personDietAnswerSchema = personDietSchema.nullable();

/**
 * GET /api/v1/food/diets (diets:view): everyone's recorded diets for the kitchen and admins, by
 * name; only the reader's own (none or one) for anyone else. People who have left are not listed.
 */
export const personDietListSchema = z.array(personDietSchema);

// --- How many will eat (admin, kitchen) -----------------------------------------------------

export const foodCountQuerySchema = z.object({
  from: isoDateSchema,
  days: z.coerce.number().int().min(1).max(FOOD_COUNT_DAYS_MAX).default(7),
});

export const MEAL_PRESENCE = ['eating', 'notEating', 'packedLunch', 'absent'] as const;
export type MealPresence = (typeof MEAL_PRESENCE)[number];

export const mealCountSchema = z.object({
  date: z.string(),
  name: z.string(),
  start: z.string(),
  /** Students expected at the dining event(s) of this name on this date. */
  expected: z.number().int(),
  /** expected − notEating − packedLunch − absent. */
  eating: z.number().int(),
  notEating: z.number().int(),
  packedLunch: z.number().int(),
  /** Absence registered in advance for the event or the whole day (and approved leave). */
  absent: z.number().int(),
  /** Of those eating or taking a packed lunch: how many need each (only those above 0). */
  allergens: z.partialRecord(allergenSchema, z.number().int()),
  diets: z.partialRecord(dietSchema, z.number().int()),
  /** By name for the kitchen: everyone with a recorded diet, and everyone not eating here. */
  people: z.array(
    z.object({
      personId: z.string(),
      presence: z.enum(MEAL_PRESENCE),
      allergens: z.array(allergenSchema),
      /** Which cereal and which nuts, as the person recorded them. */
      glutenCereals: z.array(z.enum(GLUTEN_CEREALS)),
      nuts: z.array(z.enum(NUTS)),
      diets: z.array(dietSchema),
      note: z.string(),
    }),
  ),
});
export type MealCount = z.infer<typeof mealCountSchema>;

/** GET /api/v1/food/counts?from=&days= (foodCounts:view). */
export const foodCountsSchema = z.object({
  from: z.string(),
  days: z.array(z.object({ date: z.string(), meals: z.array(mealCountSchema) })),
});
export type FoodCounts = z.infer<typeof foodCountsSchema>;
