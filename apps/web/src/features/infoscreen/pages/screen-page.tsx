/** What a paired TV shows. */
export function ScreenPage() {
  return null;
}
