import { sql } from 'kysely';
import type { Queryable } from '../db/database';
import { nowIso } from '../db/database';

export async function latestEventId(db: Queryable): Promise<number> {
  const latest = await db
    .selectFrom('live_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(latest?.id ?? 0);
}

export async function insertEvent(
  trx: Queryable,
  event: { schoolId: string; topic: string; ids: readonly string[]; people?: readonly string[] | undefined },
): Promise<number> {
  const row = await trx
    .insertInto('live_event')
    .values({
      school_id: event.schoolId,
      topic: event.topic,
      ids: JSON.stringify(event.ids),
      people: event.people === undefined ? null : JSON.stringify(event.people),
      at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** PostgreSQL only; inside a transaction it is delivered at commit. */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

export async function eventsSince(db: Queryable, schoolId: string, afterId: number, limit: number) {
  return db
    .selectFrom('live_event')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The ids of the oldest and the newest event kept, of any school; null when none is. */
export async function keptEventRange(db: Queryable): Promise<{ oldest: number; newest: number } | null> {
  const row = await db
    .selectFrom('live_event')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirst();
  if (row?.oldest === null || row?.oldest === undefined || row.newest === null) return null;
  return { oldest: Number(row.oldest), newest: Number(row.newest) };
}

/** Every school's events after `afterId`. */
export async function eventsAfter(db: Queryable, afterId: number, limit: number) {
  return db
    .selectFrom('live_event')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findEvent(db: Queryable, id: number) {
  return db.selectFrom('live_event').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pruneEvents(db: Queryable, before: string): Promise<void> {
  await db.deleteFrom('live_event').where('at', '<', before).execute();
}
