import type { ComboboxItemGroup } from '@mantine/core';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { isStudentOrScholar } from '@tun/shared/roles';

export interface MemberGroupLabels {
  students: string;
  staff: string;
  unknown: string;
}

/**
 * The picker's options: students and scholars, then staff, each sorted by name. TV accounts
 * are screens, not people, and are left out. A chosen id that is no longer a person stays
 * visible (as `unknown`) so that it is removed knowingly, not silently.
 */
export function memberOptions(
  people: readonly Person[],
  chosen: readonly string[],
  labels: MemberGroupLabels,
  locale: string,
): ComboboxItemGroup[] {
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, locale);
  const option = (person: Person) => ({ value: person.id, label: shortFullName(person.name) });
  const humans = people.filter((person) => !person.roles.includes('tv') || chosen.includes(person.id));
  const students = humans.filter((person) => isStudentOrScholar(person.roles)).map(option);
  const staff = humans.filter((person) => !isStudentOrScholar(person.roles)).map(option);
  const known = new Set(people.map((person) => person.id));
  const missing = chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: labels.unknown }));
  return [
    { group: labels.students, items: students.sort(byName) },
    { group: labels.staff, items: [...staff, ...missing].sort(byName) },
  ].filter((group) => group.items.length > 0);
}

/** Short full names of `ids`, sorted; unknown ids (deleted people) are left out. */
export function memberNames(people: readonly Person[] | undefined, ids: readonly string[], locale: string) {
  if (!people) return [];
  const byId = new Map(people.map((person) => [person.id, person]));
  return ids
    .flatMap((id) => {
      const person = byId.get(id);
      return person ? [shortFullName(person.name)] : [];
    })
    .sort((a, b) => a.localeCompare(b, locale));
}
