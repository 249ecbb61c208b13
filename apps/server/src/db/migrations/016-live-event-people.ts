import type { Kysely } from 'kysely';

/**
 * A live event may name the people whose own records it touches when its ids name other things
 * (an attendance change names its events), so that a student hears only changes of their own
 * records instead of every save in the school. Older events name no one: all hear them.
 */
export function liveEventPeople() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('live_event').addColumn('people', 'text').execute();
    },
  };
}
