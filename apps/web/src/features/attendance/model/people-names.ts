import type { AttendanceSheetNames, FormerKind } from '@tun/shared/attendance';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { isCurrentPerson } from '@tun/shared/current-person';

/** How someone who has left the school is marked beside their name. */
export interface FormerLabels {
  student: string;
  staff: string;
}

export interface StudentOption {
  value: string;
  label: string;
}

/** SPEC §3: people with no roles are students; only they have attendance records. */
export function isStudent(person: Pick<Person, 'roles'>): boolean {
  return person.roles.length === 0;
}

/**
 * Students for a picker, by short full name in the language's order. Two students with the same
 * name are told apart by their e-mail address (or room), which the staff picking them can see.
 */
export function studentOptions(people: readonly Person[], locale: string): StudentOption[] {
  const students = people.filter(isStudent);
  const count = new Map<string, number>();
  for (const person of students) {
    const name = shortFullName(person.name);
    count.set(name, (count.get(name) ?? 0) + 1);
  }
  return students
    .map((person) => {
      const name = shortFullName(person.name);
      const extra = (count.get(name) ?? 0) > 1 ? (person.email ?? person.room) : null;
      return { value: person.id, label: extra ? `${name} (${extra})` : name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale) || a.value.localeCompare(b.value));
}

/** The name as shown, marked («tidligere elev», «tidligere ansatt») when they have left. */
function markedName(name: string, former: FormerKind | null, labels: FormerLabels | undefined): string {
  return former && labels ? `${name} (${labels[former]})` : name;
}

/**
 * Short full names by id; unknown ids are not in the map. With `former`, someone who has left the
 * school is marked as such («tidligere elev», «tidligere ansatt») where their history appears.
 */
export function nameMap(people: readonly Person[] | undefined, former?: FormerLabels): Map<string, string> {
  return new Map(
    (people ?? []).map((person) => {
      const kind = isCurrentPerson(person) ? null : isStudent(person) ? 'student' : 'staff';
      return [person.id, markedName(shortFullName(person.name), kind, former)];
    }),
  );
}

/** The names an attendance sheet carries, by id, those who have left marked as nameMap marks them. */
export function sheetNameMap(
  people: AttendanceSheetNames['people'] | undefined,
  former: FormerLabels,
): Map<string, string> {
  return new Map(
    Object.entries(people ?? {}).map(([id, person]) => [id, markedName(person.name, person.former, former)]),
  );
}
