import type { Kysely } from 'kysely';

/**
 * People who leave and people who are erased (docs/decisions/011-leaving-and-erasure.md).
 * `left_on` is the day a person left the school; `erased_at` marks the row that remains of an
 * erased person, without name or contact, so that the records the school must keep (attendance,
 * line membership for the line's report) still point at someone.
 */
export function leaving() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('person').addColumn('left_on', 'text').execute();
      await db.schema.alterTable('person').addColumn('erased_at', 'text').execute();
    },
  };
}
