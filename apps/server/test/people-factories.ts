import { randomUUID } from 'node:crypto';
import { nowIso } from '../src/db/database';
import { write } from '../src/db/write';
import type { TestApp } from './helper';

/** A line written directly, so the people tests do not depend on the lines routes. */
export async function createLineRow(t: TestApp, schoolId: string, name = 'Friluftsliv') {
  const id = randomUUID();
  await write(t.ctx, schoolId, (trx) =>
    trx
      .insertInto('line')
      .values({
        id,
        school_id: schoolId,
        name,
        short_name: name.slice(0, 3).toUpperCase(),
        color: 'blue',
        main_room_id: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute(),
  );
  return id;
}
