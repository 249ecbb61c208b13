import type { CalendarFeed, CalendarFeedKind } from '@tun/shared';
import type { Queryable } from '../../db/database';
import type { CalendarFeedTable } from '../../db/schema';

function toFeed(row: Pick<CalendarFeedTable, 'id' | 'kind' | 'target_id' | 'created_at'>): CalendarFeed {
  return {
    id: row.id,
    kind: row.kind as CalendarFeedKind,
    targetId: row.target_id,
    createdAt: row.created_at,
  };
}

/** A person's feeds, oldest first; never the token hash. */
export async function listFeeds(db: Queryable, schoolId: string, personId: string): Promise<CalendarFeed[]> {
  const rows = await db
    .selectFrom('calendar_feed')
    .select(['id', 'kind', 'target_id', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toFeed);
}

export async function insertFeed(trx: Queryable, row: CalendarFeedTable): Promise<CalendarFeed> {
  await trx.insertInto('calendar_feed').values(row).execute();
  return toFeed(row);
}

/** Deletes one of the person's own feeds; false when there is no such feed of theirs. */
export async function deleteOwnFeed(
  trx: Queryable,
  schoolId: string,
  personId: string,
  feedId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('calendar_feed')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .where('id', '=', feedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The feed of a token hash with its owner, in one query. The inner joins mean a feed whose
 * person or school is gone finds nothing, even before the cascade has removed the row.
 */
export async function findFeedByHash(db: Queryable, tokenHash: string) {
  return db
    .selectFrom('calendar_feed')
    .innerJoin('person', (join) =>
      join
        .onRef('person.id', '=', 'calendar_feed.person_id')
        .onRef('person.school_id', '=', 'calendar_feed.school_id'),
    )
    .innerJoin('school', 'school.id', 'calendar_feed.school_id')
    .select([
      'calendar_feed.id',
      'calendar_feed.school_id',
      'calendar_feed.person_id',
      'calendar_feed.kind',
      'calendar_feed.target_id',
      'person.first_name',
      'person.middle_name',
      'person.last_name',
    ])
    .where('calendar_feed.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The name of a line or room of the school; undefined when the school has no such one. */
export async function targetName(
  db: Queryable,
  schoolId: string,
  kind: 'line' | 'room',
  targetId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(kind)
    .select('name')
    .where('school_id', '=', schoolId)
    .where('id', '=', targetId)
    .executeTakeFirst();
  return row?.name;
}

/** For the person's data export (GDPR article 15): what they subscribe to, never the secret. */
export async function calendarFeedsOf(db: Queryable, schoolId: string, personId: string) {
  const feeds = await listFeeds(db, schoolId, personId);
  return feeds.map((feed) => ({ kind: feed.kind, targetId: feed.targetId, createdAt: feed.createdAt }));
}

export async function deleteFeedsOf(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .deleteFrom('calendar_feed')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}
