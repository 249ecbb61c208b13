/** Filled in by the janitor board feature. */
export function CasesTab() {
  return null;
}
