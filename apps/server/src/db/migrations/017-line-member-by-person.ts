import type { Kysely } from 'kysely';

/**
 * A person's lines are looked up with both the school and the person (every calendar read of
 * one person, the post feed, tag scans). With only (person_id) and (school_id, line_id) to
 * choose from, SQLite takes the school's index and reads every line member of the school;
 * the person's index led by the person and then the school finds their rows directly, and
 * still serves lookups by person alone (removing a person).
 */
export function lineMemberByPerson() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('line_member_person_school_idx')
        .on('line_member')
        .columns(['person_id', 'school_id'])
        .execute();
      await db.schema.dropIndex('line_member_person_idx').execute();
    },
  };
}
