/**
 * The meal editor's list of dishes: the order is the order on the menu, each dish has its course.
 */
import { MEAL_DISHES_MAX, type Course, type Dish, type MealMenuInput } from '@tun/shared/food';

export interface EditedDish {
  dishId: string;
  name: string;
  course: Course;
}

/**
 * The course a newly added dish most likely has: a dessert's name cannot be known, but a
 * vegetarian dish beside a main course is the vegetarian alternative.
 */
export function likelyCourse(dish: Pick<Dish, 'diets'>, chosen: readonly EditedDish[]): Course {
  const hasMain = chosen.some((entry) => entry.course === 'main');
  if (!hasMain) return 'main';
  return dish.diets.includes('vegetarian') || dish.diets.includes('vegan') ? 'vegetarian' : 'side';
}

export function addDish(
  chosen: readonly EditedDish[],
  dish: Pick<Dish, 'id' | 'name' | 'diets'>,
): EditedDish[] {
  if (chosen.length >= MEAL_DISHES_MAX || chosen.some((entry) => entry.dishId === dish.id)) {
    return [...chosen];
  }
  return [...chosen, { dishId: dish.id, name: dish.name, course: likelyCourse(dish, chosen) }];
}

/** Moves the dish at `index` one place up (-1) or down (+1); at either end nothing moves. */
export function moveDish(chosen: readonly EditedDish[], index: number, by: -1 | 1): EditedDish[] {
  const target = index + by;
  const list = [...chosen];
  const [moving] = list.splice(index, 1);
  if (moving === undefined || target < 0 || target > list.length) return [...chosen];
  list.splice(target, 0, moving);
  return list;
}

export function removeDish(chosen: readonly EditedDish[], index: number): EditedDish[] {
  return chosen.filter((_, at) => at !== index);
}

export function setCourse(chosen: readonly EditedDish[], index: number, course: Course): EditedDish[] {
  return chosen.map((entry, at) => (at === index ? { ...entry, course } : entry));
}

export function mealMenuInput(date: string, meal: string, chosen: readonly EditedDish[]): MealMenuInput {
  return { date, meal, dishes: chosen.map(({ dishId, course }) => ({ dishId, course })) };
}
