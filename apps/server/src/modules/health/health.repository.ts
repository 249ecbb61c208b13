import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await sql`select 1`.execute(db);
}
