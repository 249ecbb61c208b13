import { randomUUID } from 'node:crypto';
import type { ColorTheme, Elective } from '@tun/shared';
import { nowIso, type Queryable } from '../../db/database';
import { sortByName } from '../../db/rows';

/** The school's electives with their members, or those with the given ids: two queries. */
export async function loadElectives(
  db: Queryable,
  schoolId: string,
  ids?: readonly string[],
): Promise<Elective[]> {
  if (ids && ids.length === 0) return [];
  let electives = db
    .selectFrom('elective')
    .select(['id', 'name', 'color', 'main_room_id'])
    .where('school_id', '=', schoolId);
  let members = db
    .selectFrom('elective_member')
    .select(['elective_id', 'person_id'])
    .where('school_id', '=', schoolId);
  if (ids) {
    electives = electives.where('id', 'in', [...ids]);
    members = members.where('elective_id', 'in', [...ids]);
  }
  const [rows, memberRows] = await Promise.all([electives.execute(), members.orderBy('person_id').execute()]);
  const membersOf = new Map<string, string[]>();
  for (const row of memberRows) {
    const list = membersOf.get(row.elective_id) ?? [];
    list.push(row.person_id);
    membersOf.set(row.elective_id, list);
  }
  return sortByName(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      color: row.color as ColorTheme,
      ...(row.main_room_id === null ? {} : { mainRoom: row.main_room_id }),
      members: membersOf.get(row.id) ?? [],
    })),
  );
}

export interface ElectiveValues {
  name: string;
  color: ColorTheme;
  mainRoom: string | null;
}

export async function insertElective(
  trx: Queryable,
  schoolId: string,
  values: ElectiveValues,
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('elective')
    .values({
      id,
      school_id: schoolId,
      name: values.name,
      color: values.color,
      main_room_id: values.mainRoom,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateElective(
  trx: Queryable,
  schoolId: string,
  electiveId: string,
  values: Partial<ElectiveValues>,
): Promise<void> {
  await trx
    .updateTable('elective')
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.color === undefined ? {} : { color: values.color }),
      ...(values.mainRoom === undefined ? {} : { main_room_id: values.mainRoom }),
      updated_at: nowIso(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', electiveId)
    .execute();
}

/** The ids among `ids` that are electives of the school. */
export async function electiveIdsAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('elective')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export async function electiveExists(db: Queryable, schoolId: string, electiveId: string): Promise<boolean> {
  const row = await db
    .selectFrom('elective')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', electiveId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceMembers(
  trx: Queryable,
  schoolId: string,
  electiveId: string,
  personIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('elective_member')
    .where('school_id', '=', schoolId)
    .where('elective_id', '=', electiveId)
    .execute();
  if (personIds.length === 0) return;
  await trx
    .insertInto('elective_member')
    .values(
      personIds.map((personId) => ({ elective_id: electiveId, person_id: personId, school_id: schoolId })),
    )
    .execute();
}

/** Deletes the elective and its memberships. */
export async function deleteElective(trx: Queryable, schoolId: string, electiveId: string): Promise<void> {
  await trx
    .deleteFrom('elective_member')
    .where('school_id', '=', schoolId)
    .where('elective_id', '=', electiveId)
    .execute();
  await trx.deleteFrom('elective').where('school_id', '=', schoolId).where('id', '=', electiveId).execute();
}

export async function electivesOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('elective_member')
    .innerJoin('elective', 'elective.id', 'elective_member.elective_id')
    .select(['elective.id', 'elective.name'])
    .where('elective_member.school_id', '=', schoolId)
    .where('elective_member.person_id', '=', personId)
    .orderBy('elective.name')
    .execute();
}

/** Removes the person from every elective; the electives they were in. */
export async function deleteMembershipsOf(
  trx: Queryable,
  schoolId: string,
  personId: string,
): Promise<string[]> {
  const rows = await trx
    .deleteFrom('elective_member')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .returning('elective_id')
    .execute();
  return rows.map((row) => row.elective_id);
}

/** The electives whose main room is `roomId`. */
export async function electivesWithMainRoom(
  db: Queryable,
  schoolId: string,
  roomId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('elective')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('main_room_id', '=', roomId)
    .execute();
  return rows.map((row) => row.id);
}

export async function clearElectiveMainRoom(trx: Queryable, schoolId: string, roomId: string): Promise<void> {
  await trx
    .updateTable('elective')
    .set({ main_room_id: null, updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('main_room_id', '=', roomId)
    .execute();
}
