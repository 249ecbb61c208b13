import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

/** The latest end of a lockout among the keys, if one is still running. */
export async function lockedUntil(
  db: Queryable,
  keys: readonly string[],
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('login_throttle')
    .select((eb) => eb.fn.max('locked_until').as('until'))
    .where('key', 'in', [...keys])
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.until ?? undefined;
}

/**
 * Counts one attempt against the key, in one statement so that attempts at the same moment on
 * any instance are all counted: a window older than `windowFrom` starts again at one. Returns
 * the count in the current window.
 */
export async function countAttempt(
  db: Queryable,
  key: string,
  now: string,
  windowFrom: string,
): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, window_start: now, failures: 1, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        window_start: sql<string>`case when login_throttle.window_start <= ${windowFrom} then ${now} else login_throttle.window_start end`,
        failures: sql<number>`case when login_throttle.window_start <= ${windowFrom} then 1 else login_throttle.failures + 1 end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

/** Starts a lockout; one already running that ends later is kept. */
export async function lock(db: Queryable, key: string, until: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ locked_until: until })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', until)]))
    .execute();
}

/** Takes back an attempt that turned out right; a lockout stays as it is. */
export async function uncountAttempt(db: Queryable, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/** Rows whose window and lockout have both passed say nothing any more. */
export async function pruneThrottle(db: Queryable, windowFrom: string, now: string): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('window_start', '<=', windowFrom)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
}
