import { ALLERGENS, DIETS, type Allergen, type Diet, type MealCount } from '@tun/shared/food';

export type CountPerson = MealCount['people'][number] & { name: string };

/** The kitchen's names for one meal, each group in name order. */
export interface CountGroups {
  /** Those the kitchen feeds (at the table or with a packed lunch) who have a recorded diet. */
  withDiet: CountPerson[];
  notEating: CountPerson[];
  packedLunch: CountPerson[];
  absent: CountPerson[];
}

export function hasDiet(person: Pick<CountPerson, 'allergens' | 'diets' | 'note'>): boolean {
  return person.allergens.length > 0 || person.diets.length > 0 || person.note.trim() !== '';
}

/**
 * The meal's people by group. Someone with a diet who takes a packed lunch is in both: the lunch
 * has to suit them too. Someone absent or not eating needs no special food that meal.
 */
export function countGroups(
  meal: Pick<MealCount, 'people'>,
  nameOf: (personId: string) => string,
  locale: string,
): CountGroups {
  const people = meal.people
    .map((person) => ({ ...person, name: nameOf(person.personId) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.personId.localeCompare(b.personId));
  return {
    withDiet: people.filter(
      (person) => (person.presence === 'eating' || person.presence === 'packedLunch') && hasDiet(person),
    ),
    notEating: people.filter((person) => person.presence === 'notEating'),
    packedLunch: people.filter((person) => person.presence === 'packedLunch'),
    absent: people.filter((person) => person.presence === 'absent'),
  };
}

/** The allergens and diets that someone at the meal needs, in the regulation's order, with how many. */
export function neededCounts(meal: Pick<MealCount, 'allergens' | 'diets'>): {
  allergens: { allergen: Allergen; count: number }[];
  diets: { diet: Diet; count: number }[];
} {
  return {
    allergens: ALLERGENS.map((allergen) => ({ allergen, count: meal.allergens[allergen] ?? 0 })).filter(
      (entry) => entry.count > 0,
    ),
    diets: DIETS.map((diet) => ({ diet, count: meal.diets[diet] ?? 0 })).filter((entry) => entry.count > 0),
  };
}
