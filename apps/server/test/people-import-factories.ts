import { randomUUID } from 'node:crypto';
import { nowIso } from '../src/db/database';
import { write } from '../src/db/write';
import type { TestApp } from './helper';

/** A line made directly in the database, so these tests do not depend on the lines routes. */
export async function createLine(t: TestApp, schoolId: string, name: string, shortName: string) {
  const id = randomUUID();
  const now = nowIso();
  await write(t.ctx, schoolId, (trx) =>
    trx
      .insertInto('line')
      .values({
        id,
        school_id: schoolId,
        name,
        short_name: shortName,
        color: 'blue',
        main_room_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute(),
  );
  return id;
}

/** The JSON body the web app sends for a file. */
export function upload(fileName: string, content: Buffer | string) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { fileName, contentBase64: bytes.toString('base64') };
}

export const BOM = '\uFEFF';
