import { DISH_NAME_MAX, dishInputSchema, type Dish } from '@tun/shared/food';
import { describe, expect, it } from 'vitest';
import { fieldPath } from '../../../lib/form-errors';
import {
  EMPTY_DISH_FORM,
  dietConflicts,
  dishFormProblems,
  filterDishes,
  formFieldOf,
  inputOf,
  valuesOf,
  type DishFormValues,
} from './dish-form-values';

const dish: Dish = {
  id: 'd1',
  name: 'Fiskegrateng',
  description: 'Med makaroni og revet ost.',
  allergens: ['gluten', 'fish', 'milk'],
  glutenCereals: ['wheat'],
  nuts: [],
  mayContain: ['egg'],
  diets: [],
  archived: false,
  updatedAt: '2026-11-24T10:00:00.000Z',
};

const form = (values: Partial<DishFormValues>): DishFormValues => ({ ...EMPTY_DISH_FORM, ...values });

describe('the dish form', () => {
  it('round-trips a stored dish to what the server accepts', () => {
    const input = inputOf(valuesOf(dish));
    expect(input).toEqual({
      name: 'Fiskegrateng',
      description: 'Med makaroni og revet ost.',
      allergens: ['gluten', 'fish', 'milk'],
      glutenCereals: ['wheat'],
      nuts: [],
      mayContain: ['egg'],
      diets: [],
    });
    expect(dishInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends the cereal and nut only with their allergen, and no trace of what the dish contains', () => {
    const input = inputOf(
      form({
        name: '  Brød ',
        allergens: ['milk'],
        glutenCereals: ['rye'],
        nuts: ['walnut'],
        mayContain: ['milk', 'sesame', 'egg'],
      }),
    );
    expect(input).toMatchObject({
      name: 'Brød',
      glutenCereals: [],
      nuts: [],
      mayContain: ['egg', 'sesame'],
    });
  });

  it('keeps the regulation order whatever order the boxes were ticked in', () => {
    const input = inputOf(
      form({
        name: 'Kake',
        allergens: ['nuts', 'egg', 'gluten'],
        glutenCereals: ['oats', 'wheat'],
        nuts: ['walnut', 'almond'],
      }),
    );
    expect(input.allergens).toEqual(['gluten', 'egg', 'nuts']);
    expect(input.glutenCereals).toEqual(['wheat', 'oats']);
    expect(input.nuts).toEqual(['almond', 'walnut']);
  });

  it('finds what the server would refuse: no name, gluten without cereal, nuts without nut', () => {
    expect(dishFormProblems(form({ name: '   ', allergens: ['gluten', 'nuts'] }))).toEqual({
      name: 'nameRequired',
      glutenCereals: 'cerealsRequired',
      nuts: 'nutsRequired',
    });
    expect(dishFormProblems(form({ name: 'x'.repeat(DISH_NAME_MAX + 1) }))).toEqual({ name: 'nameTooLong' });
    expect(dishFormProblems(valuesOf(dish))).toEqual({});
    // The same cases as the server's schema sees them.
    for (const values of [
      form({ name: 'A', allergens: ['gluten'] }),
      form({ name: 'A', allergens: ['nuts'] }),
    ]) {
      expect(dishInputSchema.safeParse(values).success).toBe(false);
      expect(Object.keys(dishFormProblems(values))).toHaveLength(1);
    }
  });

  it('maps server paths to the fields', () => {
    expect(formFieldOf(fieldPath('body.glutenCereals'))).toBe('glutenCereals');
    expect(formFieldOf(fieldPath('body/allergens/2'))).toBe('allergens');
    expect(formFieldOf(fieldPath('body.unknown'))).toBeUndefined();
  });

  it('warns of diet tags that what the dish contains speaks against', () => {
    expect(
      dietConflicts({ allergens: ['milk', 'egg', 'gluten'], diets: ['vegan', 'vegetarian', 'glutenFree'] }),
    ).toEqual([
      { diet: 'vegan', allergens: ['milk', 'egg'] },
      { diet: 'glutenFree', allergens: ['gluten'] },
    ]);
    expect(dietConflicts({ allergens: ['milk'], diets: ['lactoseFree', 'halal'] })).toEqual([]);
  });

  it('searches names by every word, case aside', () => {
    const dishes = [{ name: 'Rømmegrøt' }, { name: 'Fiskesuppe med rotgrønnsaker' }, { name: 'Kjøttsuppe' }];
    expect(filterDishes(dishes, 'RØMME')).toEqual([{ name: 'Rømmegrøt' }]);
    expect(filterDishes(dishes, 'suppe  rot')).toEqual([{ name: 'Fiskesuppe med rotgrønnsaker' }]);
    expect(filterDishes(dishes, '  ')).toEqual(dishes);
  });
});
