import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { isCurrentPerson } from '@tun/shared/current-person';

export interface PersonOption {
  value: string;
  label: string;
}

/**
 * The people a diet can be recorded for: everyone at the school today but TV accounts, which
 * are screens, not people who eat. Two of the same name are told apart by e-mail (or room).
 */
export function personOptions(people: readonly Person[], locale: string): PersonOption[] {
  const eaters = people.filter(
    (person) => !person.erased && isCurrentPerson(person) && !person.roles.includes('tv'),
  );
  const count = new Map<string, number>();
  for (const person of eaters) {
    const name = shortFullName(person.name);
    count.set(name, (count.get(name) ?? 0) + 1);
  }
  return eaters
    .map((person) => {
      const name = shortFullName(person.name);
      const extra = (count.get(name) ?? 0) > 1 ? (person.email ?? person.room) : null;
      return { value: person.id, label: extra ? `${name} (${extra})` : name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale) || a.value.localeCompare(b.value));
}

/** Short full names by id, those who have left included (a diet or a count may still name them). */
export function nameMap(people: readonly Person[] | undefined): Map<string, string> {
  return new Map((people ?? []).map((person) => [person.id, shortFullName(person.name)]));
}
