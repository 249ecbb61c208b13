import { nowIso, type Queryable } from '../../db/database';

/** The person on duty, read together with the school's phone; another school's row is not read. */
export async function findSupervision(db: Queryable, schoolId: string) {
  return db
    .selectFrom('school')
    .leftJoin('person', (join) =>
      join.onRef('person.id', '=', 'school.current_supervision').on('person.school_id', '=', schoolId),
    )
    .select([
      'school.supervision_phone',
      'school.current_supervision',
      'person.id as person_id',
      'person.first_name',
      'person.middle_name',
      'person.last_name',
      'person.phone',
    ])
    .where('school.id', '=', schoolId)
    .executeTakeFirst();
}

export async function setCurrentSupervision(trx: Queryable, schoolId: string, personId: string | null) {
  await trx
    .updateTable('school')
    .set({ current_supervision: personId, updated_at: nowIso() })
    .where('id', '=', schoolId)
    .execute();
}

/** Clears the duty only if `personId` has it; whether it did. */
export async function clearSupervisionOf(
  trx: Queryable,
  schoolId: string,
  personId: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('school')
    .set({ current_supervision: null })
    .where('id', '=', schoolId)
    .where('current_supervision', '=', personId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When the current duty began: the latest audited takeover by that person. */
export async function takenOverAt(db: Queryable, schoolId: string, personId: string) {
  const row = await db
    .selectFrom('audit_log')
    .select('at')
    .where('school_id', '=', schoolId)
    .where('entity', '=', 'supervision')
    .where('entity_id', '=', schoolId)
    .where('action', '=', 'take')
    .where('actor_person_id', '=', personId)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.at ?? null;
}
