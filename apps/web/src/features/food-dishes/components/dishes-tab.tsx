/** The dish library: filled in by the dishes feature. */
export function DishesTab() {
  return null;
}
