import type { Queryable } from '../../db/database';
import * as repository from './health.repository';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await repository.pingDatabase(db);
}
