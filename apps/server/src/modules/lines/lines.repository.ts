import { randomUUID } from 'node:crypto';
import type { ColorTheme, Line } from '@tun/shared';
import { nowIso, type Queryable } from '../../db/database';

type StaffKind = 'teacher' | 'assistant';

interface LineRow {
  id: string;
  name: string;
  short_name: string;
  color: string;
  main_room_id: string | null;
}

function toLine(row: LineRow, staff: { teacher: string[]; assistant: string[] }, memberCount: number): Line {
  return {
    id: row.id,
    name: row.name,
    shortName: row.short_name,
    color: row.color as ColorTheme,
    ...(row.main_room_id === null ? {} : { mainRoom: row.main_room_id }),
    teachers: staff.teacher,
    assistants: staff.assistant,
    memberCount,
  };
}

/**
 * The school's lines, or those with the given ids, with staff and member counts: three queries
 * (lines, staff, one grouped count), whatever the number of lines.
 */
export async function lineIdsAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('line')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export async function loadLines(db: Queryable, schoolId: string, ids?: readonly string[]): Promise<Line[]> {
  if (ids && ids.length === 0) return [];
  let lines = db
    .selectFrom('line')
    .select(['id', 'name', 'short_name', 'color', 'main_room_id'])
    .where('school_id', '=', schoolId);
  let staff = db
    .selectFrom('line_staff')
    .select(['line_id', 'person_id', 'kind'])
    .where('school_id', '=', schoolId);
  let counts = db
    .selectFrom('line_member')
    .select((eb) => ['line_id', eb.fn.countAll<number | string | bigint>().as('members')])
    .where('school_id', '=', schoolId)
    .groupBy('line_id');
  if (ids) {
    lines = lines.where('id', 'in', [...ids]);
    staff = staff.where('line_id', 'in', [...ids]);
    counts = counts.where('line_id', 'in', [...ids]);
  }
  const [lineRows, staffRows, countRows] = await Promise.all([
    lines.orderBy('name').orderBy('id').execute(),
    staff.orderBy('person_id').execute(),
    counts.execute(),
  ]);
  const staffOf = new Map<string, { teacher: string[]; assistant: string[] }>();
  for (const row of staffRows) {
    const entry = staffOf.get(row.line_id) ?? { teacher: [], assistant: [] };
    entry[row.kind].push(row.person_id);
    staffOf.set(row.line_id, entry);
  }
  // PostgreSQL answers count(*) as a bigint string.
  const countOf = new Map(countRows.map((row) => [row.line_id, Number(row.members)]));
  return lineRows.map((row) =>
    toLine(row, staffOf.get(row.id) ?? { teacher: [], assistant: [] }, countOf.get(row.id) ?? 0),
  );
}

export async function lineExists(db: Queryable, schoolId: string, lineId: string): Promise<boolean> {
  const row = await db
    .selectFrom('line')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', lineId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function memberIds(db: Queryable, schoolId: string, lineId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('line_member')
    .select('person_id')
    .where('school_id', '=', schoolId)
    .where('line_id', '=', lineId)
    .orderBy('person_id')
    .execute();
  return rows.map((row) => row.person_id);
}

export interface LineValues {
  name: string;
  shortName: string;
  color: ColorTheme;
  mainRoom: string | null;
}

export async function insertLine(trx: Queryable, schoolId: string, values: LineValues): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('line')
    .values({
      id,
      school_id: schoolId,
      name: values.name,
      short_name: values.shortName,
      color: values.color,
      main_room_id: values.mainRoom,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateLine(
  trx: Queryable,
  schoolId: string,
  lineId: string,
  values: Partial<LineValues>,
): Promise<void> {
  await trx
    .updateTable('line')
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.shortName === undefined ? {} : { short_name: values.shortName }),
      ...(values.color === undefined ? {} : { color: values.color }),
      ...(values.mainRoom === undefined ? {} : { main_room_id: values.mainRoom }),
      updated_at: nowIso(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', lineId)
    .execute();
}

/** Replaces the line's teachers or assistants with `personIds`. */
export async function replaceStaff(
  trx: Queryable,
  schoolId: string,
  lineId: string,
  kind: StaffKind,
  personIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('line_staff')
    .where('school_id', '=', schoolId)
    .where('line_id', '=', lineId)
    .where('kind', '=', kind)
    .execute();
  if (personIds.length === 0) return;
  await trx
    .insertInto('line_staff')
    .values(
      personIds.map((personId) => ({ line_id: lineId, person_id: personId, school_id: schoolId, kind })),
    )
    .execute();
}

export async function addMembers(
  trx: Queryable,
  schoolId: string,
  lineId: string,
  personIds: readonly string[],
): Promise<void> {
  if (personIds.length === 0) return;
  await trx
    .insertInto('line_member')
    .values(personIds.map((personId) => ({ line_id: lineId, person_id: personId, school_id: schoolId })))
    .execute();
}

/** Removes memberships of the line: those of `personIds`, or every one when not given. */
export async function removeMembers(
  trx: Queryable,
  schoolId: string,
  lineId: string,
  personIds?: readonly string[],
): Promise<void> {
  if (personIds && personIds.length === 0) return;
  let query = trx.deleteFrom('line_member').where('school_id', '=', schoolId).where('line_id', '=', lineId);
  if (personIds) query = query.where('person_id', 'in', [...personIds]);
  await query.execute();
}

/** Deletes the line with its staff and memberships; false when the school has no such line. */
export async function deleteLine(trx: Queryable, schoolId: string, lineId: string): Promise<boolean> {
  await removeMembers(trx, schoolId, lineId);
  await trx
    .deleteFrom('line_staff')
    .where('school_id', '=', schoolId)
    .where('line_id', '=', lineId)
    .execute();
  const result = await trx
    .deleteFrom('line')
    .where('school_id', '=', schoolId)
    .where('id', '=', lineId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The lines a person is a member of, and their staff places. */
export async function linePlacesOf(db: Queryable, schoolId: string, personId: string) {
  const [lines, staff] = await Promise.all([
    db
      .selectFrom('line_member')
      .innerJoin('line', 'line.id', 'line_member.line_id')
      .select(['line.id', 'line.name', 'line.short_name'])
      .where('line_member.school_id', '=', schoolId)
      .where('line_member.person_id', '=', personId)
      .orderBy('line.name')
      .execute(),
    db
      .selectFrom('line_staff')
      .innerJoin('line', 'line.id', 'line_staff.line_id')
      .select(['line.id', 'line.name', 'line_staff.kind'])
      .where('line_staff.school_id', '=', schoolId)
      .where('line_staff.person_id', '=', personId)
      .orderBy('line.name')
      .execute(),
  ]);
  return { lines, staff };
}

export async function deleteStaffPlacesOf(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .deleteFrom('line_staff')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}

/** The lines whose main room is `roomId`. */
export async function linesWithMainRoom(db: Queryable, schoolId: string, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('line')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('main_room_id', '=', roomId)
    .execute();
  return rows.map((row) => row.id);
}

export async function clearLineMainRoom(trx: Queryable, schoolId: string, roomId: string): Promise<void> {
  await trx
    .updateTable('line')
    .set({ main_room_id: null, updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('main_room_id', '=', roomId)
    .execute();
}
