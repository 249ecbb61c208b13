import { randomUUID } from 'node:crypto';
import type { PersonName, Role, UserMutableData } from '@tun/shared';
import { nowIso, type Queryable } from '../../db/database';
import type { PersonRow } from '../../db/schema';

export interface NewPerson {
  schoolId: string;
  userId: string | null;
  name: PersonName;
  email?: string | null;
  phone?: string | null;
  room?: string | null;
}

export async function insertPerson(trx: Queryable, person: NewPerson): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('person')
    .values({
      id,
      school_id: person.schoolId,
      user_id: person.userId,
      first_name: person.name.first,
      middle_name: person.name.middle || null,
      last_name: person.name.last,
      email: person.email ?? null,
      phone: person.phone ?? null,
      room: person.room ?? null,
      user_mutable_data: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function addRoles(trx: Queryable, schoolId: string, personId: string, roles: readonly Role[]) {
  if (roles.length === 0) return;
  await trx
    .insertInto('person_role')
    .values(roles.map((role) => ({ person_id: personId, school_id: schoolId, role })))
    .execute();
}

/** One person of one school; another school's id finds nothing. */
export async function findPerson(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<PersonRow | undefined> {
  return db
    .selectFrom('person')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', personId)
    .executeTakeFirst();
}

export function personName(row: Pick<PersonRow, 'first_name' | 'middle_name' | 'last_name'>): PersonName {
  return {
    first: row.first_name,
    ...(row.middle_name ? { middle: row.middle_name } : {}),
    last: row.last_name,
  };
}

export function mutableData(row: Pick<PersonRow, 'user_mutable_data'>): UserMutableData {
  try {
    return JSON.parse(row.user_mutable_data) as UserMutableData;
  } catch {
    return {};
  }
}
