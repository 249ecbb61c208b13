import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { SsoIdentityTable, SsoProviderTable, SsoSignInTable } from '../../db/schema';

export async function providersOfSchool(db: Queryable, schoolId: string) {
  return db
    .selectFrom('sso_provider')
    .selectAll('sso_provider')
    .select((eb) =>
      eb
        .selectFrom('sso_identity')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('sso_identity.provider_id', '=', 'sso_provider.id')
        .as('linked_people'),
    )
    .where('school_id', '=', schoolId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findProvider(db: Queryable, schoolId: string, id: string) {
  return db
    .selectFrom('sso_provider')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A provider by id alone: the login page names it before anyone is known. */
export async function findProviderById(db: Queryable, id: string) {
  return db.selectFrom('sso_provider').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countProviders(db: Queryable, schoolId: string): Promise<number> {
  const row = await db
    .selectFrom('sso_provider')
    .select(sql<number>`count(*)`.as('n'))
    .where('school_id', '=', schoolId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProvider(db: Queryable, row: SsoProviderTable): Promise<void> {
  await db.insertInto('sso_provider').values(row).execute();
}

export async function updateProvider(
  db: Queryable,
  schoolId: string,
  id: string,
  changes: Partial<Omit<SsoProviderTable, 'id' | 'school_id' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('sso_provider')
    .set(changes)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteProvider(db: Queryable, schoolId: string, id: string): Promise<boolean> {
  // The identities and the sign-ins on their way go with it (ON DELETE CASCADE).
  const result = await db
    .deleteFrom('sso_provider')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every school's providers, for the login page's buttons. */
export async function signInOptions(db: Queryable) {
  return db
    .selectFrom('sso_provider')
    .innerJoin('school', 'school.id', 'sso_provider.school_id')
    .select(['sso_provider.id', 'sso_provider.kind', 'sso_provider.name', 'school.short_name'])
    .orderBy('school.short_name')
    .orderBy('sso_provider.created_at')
    .execute();
}

export async function insertSignIn(db: Queryable, row: SsoSignInTable): Promise<void> {
  await db.insertInto('sso_sign_in').values(row).execute();
}

/** Takes a sign-in on its way once: the row is deleted whether or not it is still good. */
export async function takeSignIn(db: Queryable, state: string) {
  return db.deleteFrom('sso_sign_in').where('id', '=', state).returningAll().executeTakeFirst();
}

export async function deleteExpiredSignIns(db: Queryable, now: string): Promise<void> {
  await db.deleteFrom('sso_sign_in').where('expires_at', '<=', now).execute();
}

/** The person an account at the provider is linked to. */
export async function findIdentity(db: Queryable, providerId: string, subject: string) {
  return db
    .selectFrom('sso_identity')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(db: Queryable, row: SsoIdentityTable): Promise<void> {
  await db.insertInto('sso_identity').values(row).execute();
}

export async function markIdentityUsed(db: Queryable, id: string, now: string): Promise<void> {
  await db.updateTable('sso_identity').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** People at the school, still there, whose column has this value (at most two: one is enough). */
export async function peopleWith(
  db: Queryable,
  schoolId: string,
  column: 'email' | 'feide_id',
  value: string,
) {
  return db
    .selectFrom('person')
    .select(['id', 'user_id'])
    .where('school_id', '=', schoolId)
    .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase())
    .where('left_on', 'is', null)
    .where('erased_at', 'is', null)
    .limit(2)
    .execute();
}

export async function identitiesOf(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('sso_identity')
    .innerJoin('sso_provider', 'sso_provider.id', 'sso_identity.provider_id')
    .select([
      'sso_identity.id',
      'sso_provider.name',
      'sso_provider.kind',
      'sso_identity.created_at',
      'sso_identity.last_used_at',
    ])
    .where('sso_identity.school_id', '=', schoolId)
    .where('sso_identity.person_id', '=', personId)
    .orderBy('sso_identity.created_at')
    .execute();
}

/** Unlinks one account from the person; false when they have none by that id. */
export async function deleteIdentity(
  trx: Queryable,
  schoolId: string,
  personId: string,
  id: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('sso_identity')
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteIdentitiesOf(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .deleteFrom('sso_identity')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}

export async function requiredForStaff(db: Queryable, schoolId: string): Promise<boolean> {
  const row = await db
    .selectFrom('school')
    .select('sso_required_for_staff')
    .where('id', '=', schoolId)
    .executeTakeFirst();
  return Number(row?.sso_required_for_staff ?? 0) === 1;
}

export async function setRequiredForStaff(db: Queryable, schoolId: string, required: boolean): Promise<void> {
  await db
    .updateTable('school')
    .set({ sso_required_for_staff: required ? 1 : 0 })
    .where('id', '=', schoolId)
    .execute();
}
