/**
 * The people directory as other modules read it: who is a person of the school, who has left,
 * their roles and stored data, and their sign-in account. It imports nothing but
 * people.repository, so the modules people.service itself calls (lines, which checks person ids
 * while people checks line ids, and every personal-data entry through the registry) can call it
 * without an import cycle (docs/decisions/018-server-layers.md). Every function takes the
 * connection, so the caller decides the transaction.
 */
import type { UserMutableData } from '@tun/shared';
import type { Queryable } from '../../db/database';
import type { PersonRow } from '../../db/schema';
import * as repository from './people.repository';

/**
 * One person of one school; another school's id finds nothing, and neither does what remains of
 * an erased person.
 */
export async function findPerson(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<PersonRow | undefined> {
  return repository.findPerson(db, schoolId, personId);
}

/** The ids among `ids` that are not people of the school (for member and staff pickers). */
export async function unknownPeople(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  return repository.unknownPeople(db, schoolId, ids);
}

/** Those among `ids` who have left the school (erased people included). */
export async function formerAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  return repository.formerAmong(db, schoolId, ids);
}

/**
 * Those among `ids` who are at the school now (not left, not erased), with their stored roles
 * (parse them with parseRoles) and the address mail reaches them at, or null: whom a
 * notification goes to. Give at most a few hundred ids at a time.
 */
export async function currentPeopleWithRoles(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<{ id: string; email: string | null; roles: string[] }[]> {
  return repository.currentPeopleWithRoles(db, schoolId, ids);
}

/** The person's roles as stored (parse them with parseRoles). */
export async function rolesOfPerson(db: Queryable, schoolId: string, personId: string): Promise<string[]> {
  return repository.rolesOfPerson(db, schoolId, personId);
}

/** The person's stored userMutableData, keeping only well-formed fields. */
export function mutableData(row: Pick<PersonRow, 'user_mutable_data'>): UserMutableData {
  return repository.mutableData(row);
}

/** Deletes the sign-in account with its passwords and sessions, in the caller's transaction; the person row stays. */
export async function deleteAccount(trx: Queryable, userId: string): Promise<void> {
  await repository.deleteAccount(trx, userId);
}
