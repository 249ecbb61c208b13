import { sql, type Kysely } from 'kysely';

/**
 * The emergency banner names who raised it by reference, not by a copied name, so that the
 * privacy registry can export and erase it like every other column that names a person. A
 * banner up during the upgrade gets its raiser from the audit of the raise.
 */
export function emergencyRaisedBy() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('screen_emergency')
        .addColumn('raised_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .execute();
      await sql`
        update screen_emergency set raised_by = (
          select audit_log.actor_person_id from audit_log
          where audit_log.school_id = screen_emergency.school_id
            and audit_log.entity = 'screen-emergency' and audit_log.action = 'raise'
          order by audit_log.at desc limit 1
        )`.execute(db);
      await db.schema.alterTable('screen_emergency').dropColumn('raised_by_name').execute();
    },
  };
}
