/**
 * Whether a person is still at the school («Sluttet», SPEC §3 people): from the day they left they
 * are gone from current lists, pickers and sheets. Apart from ./people's schemas, so that the
 * pages that list people load no schema library (docs/decisions/028-first-load.md).
 */
import { todayInSchoolZone } from './time';

/** Whether the person is at the school on `date` (today by default). */
export function isCurrentPerson(
  person: { leftOn: string | null },
  date: string = todayInSchoolZone(),
): boolean {
  return person.leftOn === null || person.leftOn > date;
}
