import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '../src/live/bus';
import { nowIso } from '../src/db/database';
import type { TestApp } from './helper';

/**
 * A temporary group written straight to the database, so that a test can have one whose end
 * date lies in the past (the API refuses to create those).
 */
export async function insertGroupRow(
  t: TestApp,
  schoolId: string,
  group: { name: string; endDate: string | null; members?: string[] },
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await t.ctx.database.db
    .insertInto('temp_group')
    .values({
      id,
      school_id: schoolId,
      name: group.name,
      end_date: group.endDate,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const members = group.members ?? [];
  if (members.length > 0) {
    await t.ctx.database.db
      .insertInto('temp_group_member')
      .values(members.map((personId) => ({ group_id: id, person_id: personId, school_id: schoolId })))
      .execute();
  }
  return id;
}

/**
 * Listens on the live bus of the test app; `next` waits for an event that matches. Only events
 * written from now on count: on PostgreSQL an earlier write's NOTIFY may still be on its way.
 */
export async function listenLive(t: TestApp, schoolId: string) {
  const latest = await t.ctx.database.db
    .selectFrom('live_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const after = Number(latest?.id ?? 0);
  const received: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const unsubscribe = t.ctx.live.subscribe(schoolId, (event) => {
    if (event.id <= after) return;
    received.push(event);
    for (const waiter of waiters) waiter();
  });
  return {
    received,
    close: unsubscribe,
    next: (match: (event: LiveEvent) => boolean, timeoutMs = 5000) =>
      new Promise<LiveEvent>((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live event in ${timeoutMs} ms: ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

/** Lets a NOTIFY that would have arrived arrive, before asserting that none did. */
export const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));
