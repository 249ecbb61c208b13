import type { Queryable } from '../../db/database';
import type { PersonDietTable } from '../../db/schema';

export async function findDiet(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('person_diet')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
}

/**
 * The diets of the school's people who are still there on `today` (or of everyone of the
 * school without it), by name.
 */
export async function dietsOfSchool(db: Queryable, schoolId: string, today?: string) {
  let query = db
    .selectFrom('person_diet')
    .innerJoin('person', (join) =>
      join
        .onRef('person.id', '=', 'person_diet.person_id')
        .onRef('person.school_id', '=', 'person_diet.school_id'),
    )
    .selectAll('person_diet')
    .where('person_diet.school_id', '=', schoolId)
    .where('person.erased_at', 'is', null);
  if (today !== undefined) {
    query = query.where((eb) => eb.or([eb('person.left_on', 'is', null), eb('person.left_on', '>', today)]));
  }
  return query.orderBy('person.last_name').orderBy('person.first_name').orderBy('person.id').execute();
}

export async function putDiet(trx: Queryable, row: PersonDietTable): Promise<void> {
  await trx
    .insertInto('person_diet')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('person_id').doUpdateSet({
        allergens: row.allergens,
        gluten_cereals: row.gluten_cereals,
        nuts: row.nuts,
        diets: row.diets,
        note: row.note,
        consent_at: row.consent_at,
        consent_by: row.consent_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Whether there was one to delete. */
export async function deleteDiet(trx: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('person_diet')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many others' diets the person entered (as kitchen staff or an admin). */
export async function countDietsEnteredForOthers(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<number> {
  const row = await db
    .selectFrom('person_diet')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('school_id', '=', schoolId)
    .where('consent_by', '=', personId)
    .where('person_id', '<>', personId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Others' diets the person entered no longer say by whom; the people whose they are. */
export async function forgetConsentBy(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('person_diet')
    .set({ consent_by: null })
    .where('school_id', '=', schoolId)
    .where('consent_by', '=', personId)
    .returning('person_id')
    .execute();
  return rows.map((row) => row.person_id);
}
