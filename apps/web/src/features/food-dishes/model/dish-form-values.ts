/**
 * The dish dialog's form (decision 025): what it holds, how a stored dish becomes form values and
 * back, the checks that mirror the server's, and which field a server error is about. Free of
 * React, so the rules are tested on their own.
 */
import {
  ALLERGENS,
  DIETS,
  DISH_DESCRIPTION_MAX,
  DISH_NAME_MAX,
  type Allergen,
  type Diet,
  type Dish,
  type DishInput,
  type GlutenCereal,
  type Nut,
  GLUTEN_CEREALS,
  NUTS,
} from '@tun/shared/food';

export interface DishFormValues {
  name: string;
  description: string;
  allergens: Allergen[];
  /** Kept while gluten is unticked, so ticking it again brings the choice back; sent only with gluten. */
  glutenCereals: GlutenCereal[];
  nuts: Nut[];
  mayContain: Allergen[];
  diets: Diet[];
}

export type DishFormField = keyof DishFormValues;

/** Why a value is refused, as the catalog names it (foodDishes.dialog.errors.*). */
export type DishFormProblem =
  'nameRequired' | 'nameTooLong' | 'descriptionTooLong' | 'cerealsRequired' | 'nutsRequired';

export const EMPTY_DISH_FORM: DishFormValues = {
  name: '',
  description: '',
  allergens: [],
  glutenCereals: [],
  nuts: [],
  mayContain: [],
  diets: [],
};

export function valuesOf(dish: Dish | undefined): DishFormValues {
  if (!dish) return { ...EMPTY_DISH_FORM };
  return {
    name: dish.name,
    description: dish.description,
    allergens: [...dish.allergens],
    glutenCereals: [...dish.glutenCereals],
    nuts: [...dish.nuts],
    mayContain: [...dish.mayContain],
    diets: [...dish.diets],
  };
}

/** Keeps a list in the order of the constant it comes from, so the same choice is always sent alike. */
function inOrder<T extends string>(chosen: readonly T[], order: readonly T[]): T[] {
  return order.filter((value) => chosen.includes(value));
}

/**
 * What is sent: the details only with their allergen, and «kan inneholde spor av» without what
 * the dish contains anyway (a trace of what is in it says nothing).
 */
export function inputOf(values: DishFormValues): DishInput {
  const allergens = inOrder(values.allergens, ALLERGENS);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    allergens,
    glutenCereals: allergens.includes('gluten') ? inOrder(values.glutenCereals, GLUTEN_CEREALS) : [],
    nuts: allergens.includes('nuts') ? inOrder(values.nuts, NUTS) : [],
    mayContain: inOrder(
      values.mayContain.filter((allergen) => !allergens.includes(allergen)),
      ALLERGENS,
    ),
    diets: inOrder(values.diets, DIETS),
  };
}

/** The server's checks of dishInputSchema, in the browser: one problem per field at most. */
export function dishFormProblems(values: DishFormValues): Partial<Record<DishFormField, DishFormProblem>> {
  const problems: Partial<Record<DishFormField, DishFormProblem>> = {};
  const nameLength = [...values.name.trim()].length;
  if (nameLength === 0) problems.name = 'nameRequired';
  else if (nameLength > DISH_NAME_MAX) problems.name = 'nameTooLong';
  if ([...values.description.trim()].length > DISH_DESCRIPTION_MAX)
    problems.description = 'descriptionTooLong';
  if (values.allergens.includes('gluten') && values.glutenCereals.length === 0) {
    problems.glutenCereals = 'cerealsRequired';
  }
  if (values.allergens.includes('nuts') && values.nuts.length === 0) problems.nuts = 'nutsRequired';
  return problems;
}

const FIELDS: readonly DishFormField[] = [
  'name',
  'description',
  'allergens',
  'glutenCereals',
  'nuts',
  'mayContain',
  'diets',
];

/** A server error's path ('body.glutenCereals', 'body/allergens/2') → the form field it is about. */
export function formFieldOf(parts: readonly string[]): DishFormField | undefined {
  return FIELDS.find((field) => field === parts[0]);
}

/**
 * Diet tags that what the dish contains speaks against: a «vegansk» dish with milk, a «glutenfri»
 * one with gluten. The server allows it (a kitchen may know better, as with lactose-free milk),
 * so the dialog only warns.
 */
const DIET_EXCLUDES: Partial<Record<Diet, readonly Allergen[]>> = {
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  vegan: ['milk', 'egg', 'fish', 'crustaceans', 'molluscs'],
  glutenFree: ['gluten'],
};

export function dietConflicts(
  values: Pick<DishFormValues, 'allergens' | 'diets'>,
): { diet: Diet; allergens: Allergen[] }[] {
  return values.diets.flatMap((diet) => {
    const excluded = DIET_EXCLUDES[diet] ?? [];
    const found = values.allergens.filter((allergen) => excluded.includes(allergen));
    return found.length > 0 ? [{ diet, allergens: found }] : [];
  });
}

/** Case and spacing aside, as people type a dish's name: «rømme» finds «Rømmegrøt». */
function searchKey(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('nb').replace(/\s+/g, ' ').trim();
}

/** The dishes whose name holds every word of the search, in the order given. */
export function filterDishes<T extends { name: string }>(dishes: readonly T[], search: string): T[] {
  const words = searchKey(search).split(' ').filter(Boolean);
  if (words.length === 0) return [...dishes];
  return dishes.filter((dish) => {
    const name = searchKey(dish.name);
    return words.every((word) => name.includes(word));
  });
}
