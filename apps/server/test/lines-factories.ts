import { randomUUID } from 'node:crypto';
import type { LiveTopic } from '@tun/shared';
import { nowIso } from '../src/db/database';
import { write } from '../src/db/write';
import { addRoles, insertPerson } from '../src/modules/people/people.repository';
import type { TestApp } from './helper';

/** A room straight in the database, so these tests do not depend on the rooms routes. */
export async function createRoom(t: TestApp, schoolId: string, name = 'Verkstedet') {
  const id = randomUUID();
  const now = nowIso();
  await t.ctx.database.db
    .insertInto('room')
    .values({ id, school_id: schoolId, name, created_at: now, updated_at: now })
    .execute();
  return id;
}

let counter = 0;

/** A person without a login (most students never sign in during these tests). */
export async function createPerson(
  t: TestApp,
  schoolId: string,
  options: {
    roles?: string[];
    first?: string;
    middle?: string;
    last?: string;
    room?: string | null;
    email?: string | null;
    phone?: string | null;
  } = {},
) {
  counter += 1;
  return write(t.ctx, schoolId, async (trx) => {
    const id = await insertPerson(trx, {
      schoolId,
      userId: null,
      name: {
        first: options.first ?? 'Elev',
        ...(options.middle ? { middle: options.middle } : {}),
        last: options.last ?? `Nummer${counter}`,
      },
      email:
        options.email === undefined
          ? `elev${counter}-${randomUUID().slice(0, 6)}@fjordtun.no`
          : options.email,
      phone: options.phone === undefined ? '912 34 567' : options.phone,
      room: options.room ?? null,
    });
    // Unknown role ids are written as they come, as an old or foreign directory might hold them.
    const known = (options.roles ?? []) as Parameters<typeof addRoles>[3];
    await addRoles(trx, schoolId, id, known);
    return id;
  });
}

/** The id of the newest live event, to compare against after a write. */
export async function lastLiveEventId(t: TestApp): Promise<number> {
  const row = await t.ctx.database.db
    .selectFrom('live_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Live announcements of one school after `afterId`, as {topic, ids}. */
export async function liveEventsSince(t: TestApp, schoolId: string, afterId: number) {
  const rows = await t.ctx.database.db
    .selectFrom('live_event')
    .select(['topic', 'ids'])
    .where('school_id', '=', schoolId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ topic: row.topic as LiveTopic, ids: JSON.parse(row.ids) as string[] }));
}
