/**
 * Queries of the cases' statistics (docs/decisions/026-janitor-cases.md), each of one school.
 */
import { OPEN_CASE_STATUSES } from '@tun/shared';
import type { Queryable } from '../../db/database';

/** Open cases now, counted per room (null: none) and category. */
export async function openCaseCounts(db: Queryable, schoolId: string) {
  const rows = await db
    .selectFrom('maintenance_case')
    .select(['room_id', 'category', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
    .where('school_id', '=', schoolId)
    .where('status', 'in', [...OPEN_CASE_STATUSES])
    .groupBy(['room_id', 'category'])
    .execute();
  return rows.map((row) => ({ roomId: row.room_id, category: row.category, count: Number(row.count) }));
}

/**
 * The cases reported from `from` (included) to `to` (excluded), instants as stored, oldest
 * first, with their room's name and the last time each was marked solved.
 */
export async function casesReportedBetween(db: Queryable, schoolId: string, from: string, to: string) {
  return db
    .selectFrom('maintenance_case')
    .leftJoin('room', (join) =>
      join.onRef('room.id', '=', 'maintenance_case.room_id').on('room.school_id', '=', schoolId),
    )
    .select((eb) => [
      'maintenance_case.id',
      'maintenance_case.number',
      'maintenance_case.title',
      'maintenance_case.category',
      'maintenance_case.urgency',
      'maintenance_case.status',
      'maintenance_case.created_at',
      'room.name as room_name',
      eb
        .selectFrom('maintenance_status_change')
        .select((inner) => inner.fn.max('maintenance_status_change.at').as('at'))
        .whereRef('maintenance_status_change.case_id', '=', 'maintenance_case.id')
        .where('maintenance_status_change.school_id', '=', schoolId)
        .where('maintenance_status_change.status', '=', 'solved')
        .as('solved_at'),
    ])
    .where('maintenance_case.school_id', '=', schoolId)
    .where('maintenance_case.created_at', '>=', from)
    .where('maintenance_case.created_at', '<', to)
    .orderBy('maintenance_case.created_at')
    .orderBy('maintenance_case.number')
    .execute();
}
