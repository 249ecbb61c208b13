import { randomUUID } from 'node:crypto';
import type { ColorTheme } from '@tun/shared';
import { nowIso } from '../src/db/database';
import { write } from '../src/db/write';
import type { TestApp } from './helper';

/** Rows made directly, so that room tests do not depend on the lines and electives routes. */
export async function insertRoomRow(t: TestApp, schoolId: string, name: string): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await write(t.ctx, schoolId, (trx) =>
    trx
      .insertInto('room')
      .values({ id, school_id: schoolId, name, created_at: now, updated_at: now })
      .execute(),
  );
  return id;
}

export async function insertLineRow(
  t: TestApp,
  schoolId: string,
  options: { name?: string; mainRoom?: string | null; color?: ColorTheme } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  const name = options.name ?? `Linje ${id.slice(0, 4)}`;
  await write(t.ctx, schoolId, (trx) =>
    trx
      .insertInto('line')
      .values({
        id,
        school_id: schoolId,
        name,
        short_name: name.slice(0, 10),
        color: options.color ?? 'blue',
        main_room_id: options.mainRoom ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute(),
  );
  return id;
}

export async function insertElectiveRow(
  t: TestApp,
  schoolId: string,
  options: { name?: string; mainRoom?: string | null; color?: ColorTheme } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await write(t.ctx, schoolId, (trx) =>
    trx
      .insertInto('elective')
      .values({
        id,
        school_id: schoolId,
        name: options.name ?? `Valgfag ${id.slice(0, 4)}`,
        color: options.color ?? 'green',
        main_room_id: options.mainRoom ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute(),
  );
  return id;
}

/** The newest live event id, to read what a request announced after it. */
export async function lastLiveEventId(t: TestApp): Promise<number> {
  const row = await t.ctx.database.db
    .selectFrom('live_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function liveEventsAfter(t: TestApp, afterId: number) {
  const rows = await t.ctx.database.db
    .selectFrom('live_event')
    .select(['topic', 'ids', 'school_id'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    topic: row.topic,
    ids: JSON.parse(row.ids) as string[],
    schoolId: row.school_id,
  }));
}
