/**
 * The kitchen's settings for the food planner: the cut-off for «Jeg spiser ikke» / «Matpakke»,
 * `daysBefore` days before the meal at `time` (09:00 the same day unless the kitchen says
 * otherwise; decision 025).
 */
import { DEFAULT_CHOICE_CUTOFF, type FoodSettings } from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { write } from '../../db/write';
import { recordAudit } from '../audit/audit.service';
import { findFoodSettings, putFoodSettings } from './food-settings.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

export async function getFoodSettings(db: Queryable, schoolId: string): Promise<FoodSettings> {
  const row = await findFoodSettings(db, schoolId);
  if (!row) return { choiceCutoff: { ...DEFAULT_CHOICE_CUTOFF } };
  return { choiceCutoff: { daysBefore: row.choice_cutoff_days_before, time: row.choice_cutoff_time } };
}

export async function saveFoodSettings(
  deps: Deps,
  actor: { schoolId: string; personId: string },
  input: FoodSettings,
): Promise<FoodSettings> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await getFoodSettings(trx, actor.schoolId);
    await putFoodSettings(trx, {
      school_id: actor.schoolId,
      choice_cutoff_days_before: input.choiceCutoff.daysBefore,
      choice_cutoff_time: input.choiceCutoff.time,
      updated_at: nowIso(),
    });
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: 'food_settings',
      entityId: actor.schoolId,
      before,
      after: input,
    });
    // The cut-off shows beside every meal a student may still tick.
    publish('food', []);
    return getFoodSettings(trx, actor.schoolId);
  });
}
