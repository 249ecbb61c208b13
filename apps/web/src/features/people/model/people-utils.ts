import type { Person } from '@tun/shared/people';
import { fullName, shortFullName } from '@tun/shared/names';
import type { Role } from '@tun/shared/roles';

/** The order roles are offered in: the everyday ones first, the technical ones last. */
export const ROLE_ORDER: readonly Role[] = [
  'admin',
  'teacher',
  'janitor',
  'kitchen',
  'stipp',
  'tv',
  'developer',
];

/** What the people pages need of a line; the lines feature owns the full shape. */
export interface LineOption {
  id: string;
  name: string;
  shortName: string;
  color: string;
}

export function nameCollator(locale: string): Intl.Collator {
  return new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
}

/** Last name, then first and middle: how a school list is read. */
export function compareByName(collator: Intl.Collator) {
  return (a: Person, b: Person) =>
    collator.compare(a.name.last, b.name.last) ||
    collator.compare(a.name.first, b.name.first) ||
    collator.compare(a.name.middle ?? '', b.name.middle ?? '');
}

function normalize(text: string): string {
  return text.toLocaleLowerCase('nb').normalize('NFKD').replace(/\p{M}/gu, '');
}

/**
 * Does the person match every word typed? Names (full and short), e-mail, room and phone
 * (ignoring spaces, so "912 34" finds "91234567") are searched.
 */
export function matchesSearch(person: Person, query: string): boolean {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalize(
    [
      fullName(person.name),
      shortFullName(person.name),
      person.email ?? '',
      person.room ?? '',
      (person.phone ?? '').replace(/\s/g, ''),
    ].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

/** A role filter value: a role, 'student' (no roles) or 'all'. */
export type RoleFilter = Role | 'student' | 'all';

export function matchesRole(person: Person, filter: RoleFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'student') return person.roles.length === 0;
  return person.roles.includes(filter);
}
