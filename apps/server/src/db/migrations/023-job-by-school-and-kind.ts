import type { Kysely } from 'kysely';

/**
 * A school's jobs of one kind: the warnings check that a save joins (decision 027) and the
 * e-mails that erasure drops. Without it both read the whole queue, which a post to the school
 * fills with an e-mail and a push per reader.
 */
export function jobBySchoolAndKind() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('job_school_kind_idx').on('job').columns(['school_id', 'kind']).execute();
    },
  };
}
