/** Filled in by the janitor board feature. */
export function StatsTab() {
  return null;
}
