import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PersonName, Role, UserMutableData } from '@tun/shared';
import { nowIso, type Dialect, type Queryable } from '../../db/database';
import { personName } from '../../db/rows';
import type { PersonRow } from '../../db/schema';

export interface NewPerson {
  schoolId: string;
  userId: string | null;
  name: PersonName;
  email?: string | null;
  phone?: string | null;
  room?: string | null;
  feideId?: string | null;
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
      feide_id: person.feideId ?? null,
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

/**
 * One person of one school; another school's id finds nothing, and neither does what remains of
 * an erased person (that row only keeps the school's records pointing at someone).
 */
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
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** Sets or clears the day the person left the school. */
export async function setLeftOn(
  trx: Queryable,
  schoolId: string,
  personId: string,
  leftOn: string | null,
): Promise<void> {
  await trx
    .updateTable('person')
    .set({ left_on: leftOn, updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('id', '=', personId)
    .execute();
}

export { personName };

/** What is stored, keeping only well-formed fields: a bad value must not break every list it is in. */
export function mutableData(row: Pick<PersonRow, 'user_mutable_data'>): UserMutableData {
  // Most people never set anything: the column's default, read for every row of a list.
  if (row.user_mutable_data === '{}') return {};
  let stored: unknown;
  try {
    stored = JSON.parse(row.user_mutable_data);
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null) return {};
  const data: UserMutableData = {};
  const { firstSetupDone, mailboxFlag, profilePicURL } = stored as Record<string, unknown>;
  if (typeof firstSetupDone === 'boolean') data.firstSetupDone = firstSetupDone;
  if (typeof mailboxFlag === 'boolean') data.mailboxFlag = mailboxFlag;
  if (typeof profilePicURL === 'string' && profilePicURL.length <= 2000) data.profilePicURL = profilePicURL;
  return data;
}

export async function updatePersonRow(
  trx: Queryable,
  schoolId: string,
  personId: string,
  fields: {
    name?: PersonName;
    email?: string | null;
    phone?: string | null;
    room?: string | null;
    feideId?: string | null;
    userMutableData?: UserMutableData;
  },
): Promise<void> {
  await trx
    .updateTable('person')
    .set({
      ...(fields.name === undefined
        ? {}
        : {
            first_name: fields.name.first,
            middle_name: fields.name.middle || null,
            last_name: fields.name.last,
          }),
      ...(fields.email === undefined ? {} : { email: fields.email }),
      ...(fields.phone === undefined ? {} : { phone: fields.phone }),
      ...(fields.room === undefined ? {} : { room: fields.room }),
      ...(fields.feideId === undefined ? {} : { feide_id: fields.feideId }),
      ...(fields.userMutableData === undefined
        ? {}
        : { user_mutable_data: JSON.stringify(fields.userMutableData) }),
      updated_at: nowIso(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', personId)
    .execute();
}

export async function rolesOfPerson(db: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('person_role')
    .select('role')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => row.role);
}

export async function replaceRoles(
  trx: Queryable,
  schoolId: string,
  personId: string,
  roles: readonly Role[],
) {
  await trx
    .deleteFrom('person_role')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
  await addRoles(trx, schoolId, personId, roles);
}

export async function linesOfPerson(db: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('line_member')
    .select('line_id')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => row.line_id);
}

export async function addMemberships(
  trx: Queryable,
  schoolId: string,
  personId: string,
  lineIds: readonly string[],
) {
  if (lineIds.length === 0) return;
  await trx
    .insertInto('line_member')
    .values(lineIds.map((lineId) => ({ line_id: lineId, person_id: personId, school_id: schoolId })))
    .execute();
}

export async function removeMemberships(
  trx: Queryable,
  schoolId: string,
  personId: string,
  lineIds: readonly string[],
) {
  if (lineIds.length === 0) return;
  await trx
    .deleteFrom('line_member')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .where('line_id', 'in', [...lineIds])
    .execute();
}

/** Admins who are still at the school: one who has left cannot sign in to run it. */
export async function countAdmins(db: Queryable, schoolId: string): Promise<number> {
  const row = await db
    .selectFrom('person_role')
    .innerJoin('person', 'person.id', 'person_role.person_id')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('person_role.school_id', '=', schoolId)
    .where('person_role.role', '=', 'admin')
    .where('person.left_on', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Holds the school's row until the transaction ends, so that changes which must leave the
 * school with an admin run one after the other: two admins removing each other's role at
 * the same moment must not both succeed. A no-op update locks the row in both dialects
 * (SQLite has no SELECT … FOR UPDATE; its writers queue anyway).
 */
export async function lockSchool(trx: Queryable, schoolId: string): Promise<void> {
  await trx
    .updateTable('school')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', schoolId)
    .execute();
}

/**
 * Someone of the same school other than `except` who already uses the address: a person, or the
 * sign-in account of one. Other schools are not asked: their addresses are theirs to know
 * (docs/decisions/015-input-bounds-and-writers.md).
 */
export async function emailTaken(
  db: Queryable,
  schoolId: string,
  email: string,
  except: { personId?: string; userId?: string | null } = {},
): Promise<boolean> {
  let people = db
    .selectFrom('person')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('email', '=', email);
  if (except.personId) people = people.where('id', '!=', except.personId);
  let accounts = db
    .selectFrom('user')
    .innerJoin('person', 'person.user_id', 'user.id')
    .select('user.id')
    .where('person.school_id', '=', schoolId)
    .where('user.email', '=', email.toLowerCase());
  if (except.userId) accounts = accounts.where('user.id', '!=', except.userId);
  const [person, account] = await Promise.all([people.executeTakeFirst(), accounts.executeTakeFirst()]);
  return person !== undefined || account !== undefined;
}

/**
 * Someone of the same school other than `exceptPersonId` who has the Feide id, ignoring case as
 * Feide sign-ins are matched. People who left count: they may come back.
 */
export async function feideIdTaken(
  db: Queryable,
  schoolId: string,
  feideId: string,
  exceptPersonId?: string,
): Promise<boolean> {
  let people = db
    .selectFrom('person')
    .select('id')
    .where('school_id', '=', schoolId)
    .where(sql<string>`lower(feide_id)`, '=', feideId.toLowerCase());
  if (exceptPersonId) people = people.where('id', '!=', exceptPersonId);
  return (await people.executeTakeFirst()) !== undefined;
}

/** Whether no sign-in account but `exceptUserId` has the address (they are unique across schools). */
export async function accountEmailFree(db: Queryable, email: string, exceptUserId: string): Promise<boolean> {
  const other = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return other === undefined;
}

/** Keeps the sign-in account's address and display name in step with the directory. */
export async function updateAccount(
  trx: Queryable,
  dialect: Dialect,
  userId: string,
  fields: { email?: string; name?: string },
): Promise<void> {
  if (fields.email === undefined && fields.name === undefined) return;
  const now = new Date();
  await trx
    .updateTable('user')
    .set({
      ...(fields.email === undefined ? {} : { email: fields.email }),
      ...(fields.name === undefined ? {} : { name: fields.name }),
      // As better-auth's adapter stores dates (see auth/accounts.ts).
      updatedAt: dialect === 'sqlite' ? now.toISOString() : now,
    })
    .where('id', '=', userId)
    .execute();
}

/** The sign-in account with its passwords and sessions; the person row goes separately. */
export async function deleteAccount(trx: Queryable, userId: string): Promise<void> {
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  await trx.deleteFrom('account').where('userId', '=', userId).execute();
  await trx.deleteFrom('user').where('id', '=', userId).execute();
}

/**
 * Removes the person; their roles, line, elective and group memberships, line staff places
 * and password links go with them (foreign keys cascade).
 */
export async function deletePersonRow(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx.deleteFrom('person').where('school_id', '=', schoolId).where('id', '=', personId).execute();
}

/** The ids among `ids` that are not people of the school (for member and staff pickers). */
export async function unknownPeople(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('person')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Those among `ids` who are at the school now (not left, not erased), with their roles and the
 * address mail reaches them at: the sign-in account's, which is certainly theirs, else the
 * directory's. Two queries whatever the number of people.
 */
export async function currentPeopleWithRoles(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<{ id: string; email: string | null; roles: string[] }[]> {
  if (ids.length === 0) return [];
  const people = await db
    .selectFrom('person')
    .leftJoin('user', 'user.id', 'person.user_id')
    .select(['person.id', 'person.email', 'user.email as account_email'])
    .where('person.school_id', '=', schoolId)
    .where('person.id', 'in', [...ids])
    .where('person.left_on', 'is', null)
    .where('person.erased_at', 'is', null)
    .execute();
  if (people.length === 0) return [];
  const roleRows = await db
    .selectFrom('person_role')
    .select(['person_id', 'role'])
    .where('school_id', '=', schoolId)
    .where(
      'person_id',
      'in',
      people.map((person) => person.id),
    )
    .execute();
  const roles = new Map<string, string[]>();
  for (const row of roleRows) roles.set(row.person_id, [...(roles.get(row.person_id) ?? []), row.role]);
  return people.map((person) => ({
    id: person.id,
    email: person.account_email ?? person.email,
    roles: roles.get(person.id) ?? [],
  }));
}

/** Those among `ids` who have left the school (erased people included). */
export async function formerAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('person')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .where('left_on', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The rows a Person is made of, three queries whatever the number of people: those at the
 * school, with `former` also those who have left and erased ones, or those with the given ids
 * (never an erased one). The line is joined so that a membership of a line that is gone (or is
 * another school's) can be told apart (SPEC §8).
 */
export async function personRows(
  db: Queryable,
  schoolId: string,
  options: { ids?: readonly string[]; former?: boolean },
) {
  // Only what a Person shows: a 400-student school is read whole on every refresh of the list.
  let people = db
    .selectFrom('person')
    .select([
      'id',
      'first_name',
      'middle_name',
      'last_name',
      'email',
      'phone',
      'room',
      'feide_id',
      'user_id',
      'user_mutable_data',
      'left_on',
      'erased_at',
    ])
    .where('school_id', '=', schoolId);
  if (options.ids) people = people.where('erased_at', 'is', null);
  else if (!options.former) people = people.where('left_on', 'is', null);
  let roles = db.selectFrom('person_role').select(['person_id', 'role']).where('school_id', '=', schoolId);
  let lines = db.selectFrom('line_member').select(['person_id', 'line_id']).where('school_id', '=', schoolId);
  if (options.ids) {
    const ids = [...options.ids];
    people = people.where('id', 'in', ids);
    roles = roles.where('person_id', 'in', ids);
    lines = lines.where('person_id', 'in', ids);
  }
  // The school's lines are few: looked up by id here rather than joined to every membership.
  const [personRows, roleRows, lineRows, schoolLines] = await Promise.all([
    people.orderBy('last_name').orderBy('first_name').execute(),
    roles.execute(),
    lines.execute(),
    db.selectFrom('line').select('id').where('school_id', '=', schoolId).execute(),
  ]);
  return { personRows, roleRows, lineRows, lineIds: new Set(schoolLines.map((row) => row.id)) };
}

export async function setUserId(
  trx: Queryable,
  personId: string,
  userId: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('person')
    .set({ user_id: userId, updated_at: now })
    .where('id', '=', personId)
    .execute();
}

export async function deleteRolesOf(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .deleteFrom('person_role')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}

/** Keeps the row as a pseudonym: the given name, no contact, no account. */
export async function erasePersonRow(
  trx: Queryable,
  schoolId: string,
  personId: string,
  erased: { name: { first: string; last: string }; leftOn: string },
): Promise<void> {
  await trx
    .updateTable('person')
    .set({
      first_name: erased.name.first,
      middle_name: null,
      last_name: erased.name.last,
      email: null,
      phone: null,
      feide_id: null,
      room: null,
      user_mutable_data: '{}',
      user_id: null,
      left_on: erased.leftOn,
      erased_at: nowIso(),
      updated_at: nowIso(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', personId)
    .execute();
}
