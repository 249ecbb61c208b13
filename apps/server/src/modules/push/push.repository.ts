/**
 * The queries of web push: the devices people subscribed, and the server's VAPID key pair in the
 * `setting` table. A subscription belongs to one person of one school; a person's own changes
 * name both.
 */
import { sql, type Selectable } from 'kysely';
import type { Queryable } from '../../db/database';
import type { PushSubscriptionTable } from '../../db/schema';

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

/** The setting that holds the generated pair, as JSON: one row, so both keys are always of one pair. */
const VAPID_SETTING = 'vapid_keys';

/** People looked up per query: keeps the IN lists short on either dialect. */
const LOOKUP_CHUNK = 500;

export async function findVapidSetting(db: Queryable): Promise<string | undefined> {
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', VAPID_SETTING)
    .executeTakeFirst();
  return row?.value;
}

/** Stores the pair unless another instance stored one first; then theirs stays. */
export async function insertVapidSettingOnce(db: Queryable, value: string): Promise<void> {
  await db
    .insertInto('setting')
    .values({ key: VAPID_SETTING, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Stores the device for the person and answers its id. A device known already (by its endpoint)
 * gets the new keys; one that was another person's moves to this one under a new id and time, so
 * that a push queued for the other person (naming the old id) finds nothing and sends nothing.
 * One statement, so two subscribes of one device at once cannot both insert it.
 */
export async function upsertSubscription(
  db: Queryable,
  row: Omit<PushSubscriptionRow, 'last_used_at'>,
): Promise<string> {
  const sameOwner = sql<boolean>`push_subscription.person_id = excluded.person_id`;
  const stored = await db
    .insertInto('push_subscription')
    .values({ ...row, last_used_at: null })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        id: sql<string>`case when ${sameOwner} then push_subscription.id else excluded.id end`,
        created_at: sql<string>`case when ${sameOwner} then push_subscription.created_at else excluded.created_at end`,
        last_used_at: sql<
          string | null
        >`case when ${sameOwner} then push_subscription.last_used_at else null end`,
        school_id: sql<string>`excluded.school_id`,
        person_id: sql<string>`excluded.person_id`,
        p256dh: sql<string>`excluded.p256dh`,
        auth: sql<string>`excluded.auth`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return stored.id;
}

/** Removes the person's subscriptions beyond the newest `keep`. */
export async function trimSubscriptions(db: Queryable, personId: string, keep: number): Promise<void> {
  const extra = await db
    .selectFrom('push_subscription')
    .select('id')
    .where('person_id', '=', personId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    // SQLite takes OFFSET only after a LIMIT; no person has this many.
    .limit(1_000_000)
    .execute();
  if (extra.length === 0) return;
  await db
    .deleteFrom('push_subscription')
    .where(
      'id',
      'in',
      extra.map((row) => row.id),
    )
    .execute();
}

/** Removes the person's own device with this endpoint, if they have it. */
export async function deleteOwnSubscription(
  db: Queryable,
  schoolId: string,
  personId: string,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('push_subscription')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** The ids of the subscribed devices of these people of the school. */
export async function subscriptionIdsOf(
  db: Queryable,
  schoolId: string,
  personIds: readonly string[],
): Promise<{ id: string; person_id: string }[]> {
  const found: { id: string; person_id: string }[] = [];
  for (let start = 0; start < personIds.length; start += LOOKUP_CHUNK) {
    found.push(
      ...(await db
        .selectFrom('push_subscription')
        .select(['id', 'person_id'])
        .where('school_id', '=', schoolId)
        .where('person_id', 'in', personIds.slice(start, start + LOOKUP_CHUNK))
        .orderBy('created_at')
        .orderBy('id')
        .execute()),
    );
  }
  return found;
}

export async function findSubscription(db: Queryable, id: string): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscription').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSubscription(db: Queryable, id: string): Promise<void> {
  await db.deleteFrom('push_subscription').where('id', '=', id).execute();
}

export async function markSubscriptionUsed(db: Queryable, id: string, at: string): Promise<void> {
  await db.updateTable('push_subscription').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** One person's devices, oldest first (the privacy export). */
export async function subscriptionsOf(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscription')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteSubscriptionsOf(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<void> {
  await db
    .deleteFrom('push_subscription')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}
