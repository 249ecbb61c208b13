/** The printable A4 week menu: filled in by the food planner feature. */
export function MenuPrintPage() {
  return null;
}
