import { MEAL_DISHES_MAX, mealMenuInputSchema } from '@tun/shared/food';
import { describe, expect, it } from 'vitest';
import { addDish, mealMenuInput, moveDish, removeDish, setCourse, type EditedDish } from './meal-dishes';

const fish = { id: 'fish', name: 'Fiskegrateng', diets: [] };
const lentils = { id: 'lentils', name: 'Linsegryte', diets: ['vegetarian' as const, 'vegan' as const] };
const pudding = { id: 'pudding', name: 'Riskrem', diets: ['vegetarian' as const] };

describe('meal editor dishes', () => {
  it('makes the first dish the main course and a vegetarian one beside it the alternative', () => {
    let chosen = addDish([], lentils);
    expect(chosen).toEqual([{ dishId: 'lentils', name: 'Linsegryte', course: 'main' }]);
    chosen = addDish([], fish);
    chosen = addDish(chosen, lentils);
    expect(chosen.map((entry) => entry.course)).toEqual(['main', 'vegetarian']);
  });

  it('adds a dish once, and no more than a meal holds', () => {
    const once = addDish(addDish([], fish), fish);
    expect(once).toHaveLength(1);
    const full: EditedDish[] = Array.from({ length: MEAL_DISHES_MAX }, (_, index) => ({
      dishId: `d${index}`,
      name: `Rett ${index}`,
      course: 'side',
    }));
    expect(addDish(full, fish)).toHaveLength(MEAL_DISHES_MAX);
  });

  it('moves up and down within the list, and not past its ends', () => {
    const chosen = [fish, lentils, pudding].reduce<EditedDish[]>((list, dish) => addDish(list, dish), []);
    expect(moveDish(chosen, 2, -1).map((entry) => entry.dishId)).toEqual(['fish', 'pudding', 'lentils']);
    expect(moveDish(chosen, 0, 1).map((entry) => entry.dishId)).toEqual(['lentils', 'fish', 'pudding']);
    expect(moveDish(chosen, 0, -1)).toEqual(chosen);
    expect(moveDish(chosen, 2, 1)).toEqual(chosen);
  });

  it('removes, sets the course and becomes the request', () => {
    const chosen = setCourse(removeDish(addDish(addDish([], fish), pudding), 0), 0, 'dessert');
    const input = mealMenuInput('2026-11-25', 'Middag', chosen);
    expect(input).toEqual({
      date: '2026-11-25',
      meal: 'Middag',
      dishes: [{ dishId: 'pudding', course: 'dessert' }],
    });
    expect(() => mealMenuInputSchema.parse({ ...input, dishes: [] })).not.toThrow();
  });
});
