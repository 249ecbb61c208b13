import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { isCurrentPerson } from '@tun/shared/current-person';

/** Short full names by id, those who have left included: a case's history still names them. */
export function personNames(people: readonly Person[] | undefined): Map<string, string> {
  return new Map(
    (people ?? [])
      .filter((person) => !person.erased)
      .map((person) => [person.id, shortFullName(person.name)]),
  );
}

/** Whom a case may be given to: the school's admins and janitors at the school today, by name. */
export function assigneeOptions(people: readonly Person[] | undefined, locale: string) {
  return (people ?? [])
    .filter(
      (person) =>
        !person.erased &&
        isCurrentPerson(person) &&
        (person.roles.includes('janitor') || person.roles.includes('admin')),
    )
    .map((person) => ({ value: person.id, label: shortFullName(person.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale) || a.value.localeCompare(b.value));
}
