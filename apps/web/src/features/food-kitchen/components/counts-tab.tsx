/** How many will eat: filled in by the kitchen feature. */
export function CountsTab() {
  return null;
}
