import { canAll, type Role, type Supervision, SPEC_MESSAGES } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable, Trx } from '../../db/database';
import { personName } from '../../db/rows';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import {
  clearSupervisionOf,
  findSupervision,
  setCurrentSupervision,
  takenOverAt,
} from './supervision.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

export interface SupervisionActor {
  schoolId: string;
  personId: string;
  roles: readonly Role[];
}

/**
 * Who is on duty now. A person who has since been deleted is nobody: the school record may
 * still name them, but there is no one to call.
 */
export async function getSupervision(db: Queryable, schoolId: string): Promise<Supervision> {
  const row = await findSupervision(db, schoolId);
  if (!row) throw new ProblemError('not-found', SPEC_MESSAGES.schoolMissing);
  const current =
    row.person_id && row.first_name !== null && row.last_name !== null
      ? {
          personId: row.person_id,
          name: personName({
            first_name: row.first_name,
            middle_name: row.middle_name,
            last_name: row.last_name,
          }),
          phone: row.phone,
          since: await takenOverAt(db, schoolId, row.person_id),
        }
      : null;
  return { current, supervisionPhone: row.supervision_phone };
}

/** The person on duty now, or null: one query (the house tonight asks it on every read). */
export async function currentSupervisorId(db: Queryable, schoolId: string): Promise<string | null> {
  return (await findSupervision(db, schoolId))?.person_id ?? null;
}

/** One tap: the caller is on duty from now on, whoever had it before. */
export async function takeSupervision(deps: Deps, actor: SupervisionActor): Promise<Supervision> {
  await take(deps, actor);
  return getSupervision(deps.database.db, actor.schoolId);
}

async function take(deps: Deps, actor: SupervisionActor): Promise<void> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await findSupervision(trx, actor.schoolId);
    if (!before) throw new ProblemError('not-found');
    // Tapping twice changes nothing and announces nothing.
    if (before.person_id === actor.personId) return;
    await setCurrentSupervision(trx, actor.schoolId, actor.personId);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'take',
      entity: 'supervision',
      entityId: actor.schoolId,
      before: { personId: before.person_id },
      after: { personId: actor.personId },
    });
    publish('school', [actor.schoolId]);
  });
}

/**
 * Ends the duty. Only the person on duty, or someone who may change the school record (an
 * admin), may end it. `expected` is whose duty the caller saw: if someone else has taken over
 * since, their duty is left alone.
 */
export async function releaseSupervision(
  deps: Deps,
  actor: SupervisionActor,
  expected?: string,
): Promise<Supervision> {
  await release(deps, actor, expected);
  return getSupervision(deps.database.db, actor.schoolId);
}

async function release(deps: Deps, actor: SupervisionActor, expected?: string): Promise<void> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await findSupervision(trx, actor.schoolId);
    if (!before) throw new ProblemError('not-found');
    const current = before.person_id;
    if (expected !== undefined && expected !== current) throw new ProblemError('supervision-changed');
    if (current === null) return;
    if (current !== actor.personId && !canAll(actor.roles, 'schoolInfo:change')) {
      throw new ProblemError(
        'forbidden',
        'Bare den som har tilsynet, eller en administrator, kan avslutte det.',
      );
    }
    await setCurrentSupervision(trx, actor.schoolId, null);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'release',
      entity: 'supervision',
      entityId: actor.schoolId,
      before: { personId: current },
      after: { personId: null },
    });
    publish('school', [actor.schoolId]);
  });
}

/** A person who is deleted is on duty no more, in the caller's transaction. */
export async function endDutyOf(
  trx: Trx,
  publish: Publish,
  schoolId: string,
  personId: string,
): Promise<void> {
  if (await clearSupervisionOf(trx, schoolId, personId)) publish('school', [schoolId]);
}
