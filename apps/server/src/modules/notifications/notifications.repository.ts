/**
 * The queries of notifications and channel choices. A notification belongs to one person of one
 * school; every read and change of someone's list names both.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Queryable } from '../../db/database';
import type { NotificationPreferenceTable, NotificationTable } from '../../db/schema';

export type NotificationRow = Selectable<NotificationTable>;
export type PreferenceRow = Selectable<NotificationPreferenceTable>;

/** Rows per INSERT: 200 notifications of 10 columns stay far below either dialect's parameter limit. */
const INSERT_CHUNK = 200;

export async function insertNotifications(
  db: Queryable,
  rows: readonly Insertable<NotificationTable>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('notification')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** The stored choices of these people for one category (people without a row chose nothing). */
export async function preferencesFor(
  db: Queryable,
  personIds: readonly string[],
  category: string,
): Promise<PreferenceRow[]> {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('notification_preference')
    .selectAll()
    .where('category', '=', category)
    .where('person_id', 'in', [...personIds])
    .execute();
}

/** One person's stored choices, every category. */
export async function preferencesOf(db: Queryable, personId: string): Promise<PreferenceRow[]> {
  return db.selectFrom('notification_preference').selectAll().where('person_id', '=', personId).execute();
}

/** Replaces one person's choices with these rows. */
export async function replacePreferences(
  db: Queryable,
  personId: string,
  rows: readonly PreferenceRow[],
): Promise<void> {
  await db.deleteFrom('notification_preference').where('person_id', '=', personId).execute();
  if (rows.length > 0)
    await db
      .insertInto('notification_preference')
      .values([...rows])
      .execute();
}

export async function deletePreferencesOf(db: Queryable, personId: string): Promise<void> {
  await db.deleteFrom('notification_preference').where('person_id', '=', personId).execute();
}

/** Where a page ends: the last row's time and id (newest first, the id breaks ties). */
export interface NotificationPosition {
  createdAt: string;
  id: string;
}

/** A page of one person's notifications, newest first, after `after` when given. */
export async function notificationsPage(
  db: Queryable,
  schoolId: string,
  personId: string,
  options: { unreadOnly: boolean; after: NotificationPosition | undefined; limit: number },
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notification')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export async function countUnread(db: Queryable, schoolId: string, personId: string): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Marks the person's unread notifications read: those among `ids`, or all. Ids of other
 * people's notifications match nothing. Answers how many changed.
 */
export async function markRead(
  db: Queryable,
  schoolId: string,
  personId: string,
  ids: readonly string[] | undefined,
  at: string,
): Promise<number> {
  if (ids !== undefined && ids.length === 0) return 0;
  let query = db
    .updateTable('notification')
    .set({ read_at: at })
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .where('read_at', 'is', null);
  if (ids !== undefined) query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteNotificationsAbout(db: Queryable, source: string): Promise<void> {
  await db.deleteFrom('notification').where('source', '=', source).execute();
}

/** Removes up to `limit` notifications made before `before` (of any school); answers how many. */
export async function deleteNotificationsBefore(
  db: Queryable,
  before: string,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('notification')
    .where(
      'id',
      'in',
      db.selectFrom('notification').select('id').where('created_at', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Everything one person was told, newest first (the privacy export). */
export async function notificationsOf(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('notification')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function deleteNotificationsOf(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<void> {
  await db
    .deleteFrom('notification')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}
