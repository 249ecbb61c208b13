/** The week's menu: filled in by the food planner feature. */
export function MenuTab(_props: { week: string | undefined; onWeekChange: (week: string) => void }) {
  return null;
}
