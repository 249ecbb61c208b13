/**
 * The demo school's recurring checks (docs/decisions/026-janitor-cases.md): the fire
 * extinguishers every month in four rooms, and the emergency lights every quarter for the whole
 * building. Made through the rounds service, so each is audited and its job queued for its date.
 */
import { addDays, roundInputSchema, todayInSchoolZone, type RoundInput } from '@tun/shared';
import type { AppContext } from '../context';
import { createRound } from '../modules/maintenance/rounds.service';

const EXTINGUISHER_ROOMS = ['Kantina', 'Gymsalen', 'Verkstedet', 'Keramikkverkstedet'];

export async function generateRounds(ctx: AppContext, schoolId: string, options: { janitorId: string }) {
  const rooms = await ctx.database.db
    .selectFrom('room')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('name', 'in', EXTINGUISHER_ROOMS)
    .execute();
  const today = todayInSchoolZone();
  const rounds: RoundInput[] = [
    {
      title: 'Kontroll av brannslukningsapparater',
      description:
        'Sjekk at trykket er i det grønne feltet, at plomben er hel og at apparatet henger synlig.',
      category: 'other',
      frequency: 'monthly',
      roomIds: rooms.map((room) => room.id),
      // Due soon, so that the demo shows a round about to make its cases.
      nextDue: addDays(today, 3),
    },
    {
      title: 'Sjekk nødlys',
      description: 'Test alle nødlys og ledelys med testknappen, og bytt batteri der lyset er svakt.',
      category: 'electrical',
      frequency: 'quarterly',
      roomIds: [],
      nextDue: addDays(today, 30),
    },
  ];
  const actor = { schoolId, personId: options.janitorId };
  for (const round of rounds) await createRound(ctx, actor, roundInputSchema.parse(round));
}
