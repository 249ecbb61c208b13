/** Filled in by the janitor board feature. */
export function RoundsTab() {
  return null;
}
