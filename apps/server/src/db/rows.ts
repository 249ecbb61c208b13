import type { PersonName } from '@tun/shared';
import type { PersonRow } from './schema';

/**
 * Row helpers every repository may use: repositories import nothing from another module, so
 * what two of them need lives here.
 */

export function personName(row: Pick<PersonRow, 'first_name' | 'middle_name' | 'last_name'>): PersonName {
  return {
    first: row.first_name,
    ...(row.middle_name ? { middle: row.middle_name } : {}),
    last: row.last_name,
  };
}

const byName = new Intl.Collator('nb', { numeric: true, sensitivity: 'base' });

/** Names that a person would read as the same ('Rom 2' and 'rom 2'). */
export function sameName(a: string, b: string): boolean {
  return byName.compare(a, b) === 0;
}

export function sortByName<T extends { name: string }>(items: T[]): T[] {
  return items.sort((a, b) => byName.compare(a.name, b.name) || (a.name < b.name ? -1 : 1));
}
