/**
 * Queries of what a paired TV reads and writes beside its screen row (screens.repository.ts): the
 * school's emergency banner, and its heartbeat. Scoped by school like every query.
 */
import type { Queryable } from '../../db/database';
import type { ScreenEmergencyTable } from '../../db/schema';

export async function findEmergency(
  db: Queryable,
  schoolId: string,
): Promise<ScreenEmergencyTable | undefined> {
  return db.selectFrom('screen_emergency').selectAll().where('school_id', '=', schoolId).executeTakeFirst();
}

/** The TV's report that it is on, and which build it runs. */
export async function setSeen(
  trx: Queryable,
  schoolId: string,
  screenId: string,
  seen: { at: string; version: string },
): Promise<void> {
  await trx
    .updateTable('screen')
    .set({ last_seen_at: seen.at, version: seen.version })
    .where('school_id', '=', schoolId)
    .where('id', '=', screenId)
    .execute();
}
