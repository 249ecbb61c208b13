/**
 * Queries of the janitor's rounds (docs/decisions/026-janitor-cases.md). Every query is scoped
 * by school; `room_ids` is a JSON array of room ids.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { ROUNDS_MAX } from '@tun/shared';
import type { Queryable } from '../../db/database';
import type { MaintenanceRoundTable } from '../../db/schema';

export type RoundRow = Selectable<MaintenanceRoundTable>;

export async function listRoundRows(db: Queryable, schoolId: string): Promise<RoundRow[]> {
  return db
    .selectFrom('maintenance_round')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('title')
    .orderBy('id')
    .limit(ROUNDS_MAX)
    .execute();
}

/**
 * One round of one school; another school's id finds nothing. With `lock` (PostgreSQL) the row
 * is held until the transaction ends, so that two instances running the same due job take
 * turns and the second sees the round already moved on. SQLite has no FOR UPDATE; its writers
 * queue anyway.
 */
export async function findRoundRow(
  db: Queryable,
  schoolId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RoundRow | undefined> {
  const query = db
    .selectFrom('maintenance_round')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function countRounds(db: Queryable, schoolId: string): Promise<number> {
  const row = await db
    .selectFrom('maintenance_round')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertRound(trx: Queryable, values: Insertable<MaintenanceRoundTable>): Promise<void> {
  await trx.insertInto('maintenance_round').values(values).execute();
}

export async function updateRound(
  trx: Queryable,
  schoolId: string,
  id: string,
  values: Updateable<Omit<MaintenanceRoundTable, 'id' | 'school_id'>>,
): Promise<void> {
  await trx
    .updateTable('maintenance_round')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteRound(trx: Queryable, schoolId: string, id: string): Promise<void> {
  await trx.deleteFrom('maintenance_round').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** The ids among `ids` that are rooms of the school. */
export async function roomIdsAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('room')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}
