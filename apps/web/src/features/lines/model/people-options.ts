import type { Person } from '@tun/shared/people';
import type { Role } from '@tun/shared/roles';
import { isStudentOrScholar } from '@tun/shared/roles';
import { shortFullName } from '@tun/shared/names';

/** Who can teach or assist a line: staff, and scholars, who often assist at folk high schools. */
const LINE_STAFF_ROLES: readonly Role[] = ['admin', 'teacher', 'janitor', 'kitchen', 'stipp', 'developer'];

export interface PersonOption {
  value: string;
  label: string;
}

function byLabel(a: PersonOption, b: PersonOption, locale: string) {
  return a.label.localeCompare(b.label, locale);
}

/**
 * Options for a picker: the people that fit, plus anyone already chosen who no longer does
 * (a teacher who lost the role), so that a saved choice is never silently dropped.
 */
export function personOptions(
  people: readonly Person[],
  fits: (person: Person) => boolean,
  chosen: readonly string[],
  unknownLabel: string,
  locale: string,
): PersonOption[] {
  const known = new Map(people.map((person) => [person.id, person]));
  const options = people
    .filter((person) => fits(person) || chosen.includes(person.id))
    .map((person) => ({ value: person.id, label: shortFullName(person.name) }));
  for (const id of chosen) {
    if (!known.has(id)) options.push({ value: id, label: unknownLabel });
  }
  return options.sort((a, b) => byLabel(a, b, locale));
}

export const isLineStaff = (person: Person) => person.roles.some((role) => LINE_STAFF_ROLES.includes(role));

/** Line members are students and scholars (SPEC §3); TV accounts have a role and are left out. */
export const isLineMemberCandidate = (person: Person) => isStudentOrScholar(person.roles);

/** Short full names of `ids` in the order given; unknown ids get `unknownLabel`. */
export function namesOf(people: readonly Person[] | undefined, ids: readonly string[], unknownLabel: string) {
  // Nothing rather than "unknown" while the people are still loading.
  if (!people) return [];
  const byId = new Map(people.map((person) => [person.id, person]));
  return ids.map((id) => {
    const person = byId.get(id);
    return person ? shortFullName(person.name) : unknownLabel;
  });
}
