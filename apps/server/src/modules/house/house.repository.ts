import { ROLES } from '@tun/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Queryable } from '../../db/database';
import type { DB, HouseCheckTable } from '../../db/schema';

/** Any known role but stipp makes a person staff (or a screen); unknown role ids are ignored. */
const NOT_RESIDENT_ROLES = ROLES.filter((role) => role !== 'stipp');

/**
 * Who lives in the house (SPEC §3: students and scholars, no roles or only stipp) and is still at
 * the school on `today`: not erased, not left on or before it.
 */
const isResident = (schoolId: string, today: string) => (eb: ExpressionBuilder<DB, 'person'>) =>
  eb.and([
    eb('person.school_id', '=', schoolId),
    eb('person.erased_at', 'is', null),
    eb.or([eb('person.left_on', 'is', null), eb('person.left_on', '>', today)]),
    eb.not(
      eb.exists(
        eb
          .selectFrom('person_role')
          .select('person_role.person_id')
          .whereRef('person_role.person_id', '=', 'person.id')
          .where('person_role.role', 'in', NOT_RESIDENT_ROLES),
      ),
    ),
  ]);

/**
 * The house's people with their lines: two queries, whatever their number. Lines that are gone
 * (or another school's) are left out.
 */
export async function residentsOfSchool(db: Queryable, schoolId: string, today: string) {
  const residents = db.selectFrom('person').where(isResident(schoolId, today));
  const [people, lines] = await Promise.all([
    residents
      .select([
        'person.id',
        'person.first_name',
        'person.middle_name',
        'person.last_name',
        'person.room',
        'person.phone',
      ])
      .execute(),
    db
      .selectFrom('line_member')
      .innerJoin('line', (join) =>
        join.onRef('line.id', '=', 'line_member.line_id').on('line.school_id', '=', schoolId),
      )
      .select(['line_member.person_id', 'line_member.line_id'])
      .where('line_member.school_id', '=', schoolId)
      .where('line_member.person_id', 'in', residents.select('person.id'))
      .orderBy('line.name')
      .orderBy('line.id')
      .execute(),
  ]);
  return { people, lines };
}

/** Whether the person is one of the house's people on `today`. */
export async function isResidentOf(
  db: Queryable,
  schoolId: string,
  personId: string,
  today: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('person')
    .select('person.id')
    .where('person.id', '=', personId)
    .where(isResident(schoolId, today))
    .executeTakeFirst();
  return row !== undefined;
}

/** A night's checks. */
export async function checksOfNight(db: Queryable, schoolId: string, night: string) {
  return db
    .selectFrom('house_check')
    .select(['person_id', 'status', 'checked_at', 'checked_by'])
    .where('school_id', '=', schoolId)
    .where('night', '=', night)
    .execute();
}

export async function findCheck(db: Queryable, schoolId: string, night: string, personId: string) {
  return db
    .selectFrom('house_check')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('night', '=', night)
    .where('person_id', '=', personId)
    .executeTakeFirst();
}

/** The night's check of a person; the latest replaces the earlier. */
export async function putCheck(trx: Queryable, row: HouseCheckTable): Promise<void> {
  await trx
    .insertInto('house_check')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['school_id', 'night', 'person_id']).doUpdateSet({
        status: row.status,
        checked_at: row.checked_at,
        checked_by: row.checked_by,
      }),
    )
    .execute();
}

export async function deleteCheck(trx: Queryable, schoolId: string, night: string, personId: string) {
  await trx
    .deleteFrom('house_check')
    .where('school_id', '=', schoolId)
    .where('night', '=', night)
    .where('person_id', '=', personId)
    .execute();
}

// --- Personal data ----------------------------------------------------------------------------

/** The person's own checks, oldest night first. */
export async function checksOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('house_check')
    .select(['night', 'status', 'checked_at', 'checked_by'])
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('night')
    .execute();
}

/** How many checks of others the person made. */
export async function countChecksBy(db: Queryable, schoolId: string, personId: string): Promise<number> {
  const row = await db
    .selectFrom('house_check')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('school_id', '=', schoolId)
    .where('checked_by', '=', personId)
    .where('person_id', '!=', personId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Deletes the person's checks; whether there were any. */
export async function deleteChecksOf(trx: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('house_check')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Forgets who made checks; the people whose checks named them. */
export async function forgetChecker(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('house_check')
    .set({ checked_by: null })
    .where('school_id', '=', schoolId)
    .where('checked_by', '=', personId)
    .returning('person_id')
    .execute();
  return [...new Set(rows.map((row) => row.person_id))];
}
