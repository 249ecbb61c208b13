/**
 * What a paired TV writes beside its screen row (screens.repository.ts): its heartbeat. Scoped by
 * school like every query.
 */
import type { Queryable } from '../../db/database';

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
