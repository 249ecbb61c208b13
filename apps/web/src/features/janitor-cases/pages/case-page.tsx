/** One case: filled in by the janitor cases feature. */
export function CasePage() {
  return null;
}
