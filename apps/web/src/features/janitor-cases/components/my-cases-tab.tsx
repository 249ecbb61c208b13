/** The reader's own cases: filled in by the janitor cases feature. */
export function MyCasesTab() {
  return null;
}
