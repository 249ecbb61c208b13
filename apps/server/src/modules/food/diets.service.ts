/**
 * Special diets: a person's allergies and diets, health data (GDPR art. 9) kept only with their
 * explicit consent (decision 025). The person sees and changes their own; the kitchen and
 * admins everyone's. Anyone else is told such a record is not found, never that it is refused:
 * a 403 would say that someone has one. The audit records that a diet changed and on whose
 * consent, never what it says, so that health data does not spread into the log.
 */
import {
  can,
  canAll,
  todayInSchoolZone,
  type Allergen,
  type Diet,
  type GlutenCereal,
  type Nut,
  type PersonDiet,
  type personDietInputSchema,
} from '@tun/shared';
import type { z } from 'zod';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import type { PersonDietTable } from '../../db/schema';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findPerson } from '../people/directory.service';
import { deleteDiet, dietsOfSchool, findDiet, putDiet } from './diets.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;
type DietInput = z.output<typeof personDietInputSchema>;

const parseList = <T>(text: string): T[] => JSON.parse(text) as T[];

export function presentDiet(row: PersonDietTable): PersonDiet {
  return {
    personId: row.person_id,
    allergens: parseList<Allergen>(row.allergens),
    glutenCereals: parseList<GlutenCereal>(row.gluten_cereals),
    nuts: parseList<Nut>(row.nuts),
    diets: parseList<Diet>(row.diets),
    note: row.note,
    consentAt: row.consent_at,
    consentBy: row.consent_by,
    updatedAt: row.updated_at,
  };
}

/** The school's diets by person id, for the kitchen's count (who has left is not expected there). */
export async function dietsByPerson(db: Queryable, schoolId: string): Promise<Map<string, PersonDiet>> {
  const rows = await dietsOfSchool(db, schoolId);
  return new Map(rows.map((row) => [row.person_id, presentDiet(row)]));
}

/** Everyone's for the kitchen and admins, by name; only the reader's own for anyone else. */
export async function listDiets(db: Queryable, actor: Actor): Promise<PersonDiet[]> {
  if (canAll(actor.roles, 'diets:view')) {
    return (await dietsOfSchool(db, actor.schoolId, todayInSchoolZone())).map(presentDiet);
  }
  const own = await findDiet(db, actor.schoolId, actor.personId);
  return own ? [presentDiet(own)] : [];
}

/**
 * The person whose diet is asked for, when the actor may reach it: a person of the school still
 * there (leaving deletes the diet). 404 for anything else, whatever the reason.
 */
async function reachablePerson(
  db: Queryable,
  actor: Actor,
  action: 'diets:view' | 'diets:change',
  personId: string,
) {
  if (!can(actor, action, personId)) throw new ProblemError('not-found');
  const person = await findPerson(db, actor.schoolId, personId);
  if (!person || (person.left_on !== null && person.left_on <= todayInSchoolZone())) {
    throw new ProblemError('not-found');
  }
}

export async function getDiet(db: Queryable, actor: Actor, personId: string): Promise<PersonDiet | null> {
  await reachablePerson(db, actor, 'diets:view', personId);
  const row = await findDiet(db, actor.schoolId, personId);
  return row ? presentDiet(row) : null;
}

/** What the audit keeps: on whose consent, entered by whom; not the health data itself. */
const auditView = (row: Pick<PersonDietTable, 'consent_at' | 'consent_by'>) => ({
  consentAt: row.consent_at,
  consentBy: row.consent_by,
});

/**
 * Records the diet with the consent given now, by the actor (the person, or the kitchen or an
 * admin confirming the person gave it). The cereals and nuts are kept only with their allergen.
 */
export async function saveDiet(
  deps: Deps,
  actor: Actor,
  personId: string,
  diet: DietInput,
): Promise<PersonDiet> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    await reachablePerson(trx, actor, 'diets:change', personId);
    const before = await findDiet(trx, actor.schoolId, personId);
    const now = nowIso();
    const row: PersonDietTable = {
      person_id: personId,
      school_id: actor.schoolId,
      allergens: JSON.stringify(diet.allergens),
      gluten_cereals: JSON.stringify(diet.allergens.includes('gluten') ? diet.glutenCereals : []),
      nuts: JSON.stringify(diet.allergens.includes('nuts') ? diet.nuts : []),
      diets: JSON.stringify(diet.diets),
      note: diet.note,
      consent_at: now,
      consent_by: actor.personId,
      updated_at: now,
    };
    await putDiet(trx, row);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: before ? 'update' : 'create',
      entity: 'person_diet',
      entityId: personId,
      before: before && auditView(before),
      after: auditView(row),
    });
    publish('diets', [personId]);
    return presentDiet(row);
  });
}

/** Consent withdrawn: the diet is deleted. Nothing to delete is no error. */
export async function removeDiet(deps: Deps, actor: Actor, personId: string): Promise<void> {
  await write(deps, actor.schoolId, async (trx, publish) => {
    await reachablePerson(trx, actor, 'diets:change', personId);
    const before = await findDiet(trx, actor.schoolId, personId);
    if (!before || !(await deleteDiet(trx, actor.schoolId, personId))) return;
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'person_diet',
      entityId: personId,
      before: auditView(before),
    });
    publish('diets', [personId]);
  });
}
