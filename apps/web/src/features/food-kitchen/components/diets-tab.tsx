/** Special diets: filled in by the kitchen feature. */
export function DietsTab() {
  return null;
}
