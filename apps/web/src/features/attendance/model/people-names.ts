import { shortFullName } from '@tun/shared/names';
import { isCurrentPerson, type Person } from '@tun/shared/people';

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

/**
 * Short full names by id; unknown ids are not in the map. With `former`, someone who has left the
 * school is marked as such («tidligere elev», «tidligere ansatt») where their history appears.
 */
export function nameMap(
  people: readonly Person[] | undefined,
  former?: { student: string; staff: string },
): Map<string, string> {
  return new Map(
    (people ?? []).map((person) => {
      const name = shortFullName(person.name);
      if (!former || isCurrentPerson(person)) return [person.id, name];
      return [person.id, `${name} (${isStudent(person) ? former.student : former.staff})`];
    }),
  );
}
