import type { Queryable } from '../../db/database';

export async function linesOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('line_member')
    .innerJoin('line', 'line.id', 'line_member.line_id')
    .select(['line.id', 'line.name', 'line.short_name'])
    .where('line_member.school_id', '=', schoolId)
    .where('line_member.person_id', '=', personId)
    .orderBy('line.name')
    .execute();
}

export async function lineStaffOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('line_staff')
    .innerJoin('line', 'line.id', 'line_staff.line_id')
    .select(['line.id', 'line.name', 'line_staff.kind'])
    .where('line_staff.school_id', '=', schoolId)
    .where('line_staff.person_id', '=', personId)
    .orderBy('line.name')
    .execute();
}

export async function electivesOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('elective_member')
    .innerJoin('elective', 'elective.id', 'elective_member.elective_id')
    .select(['elective.id', 'elective.name'])
    .where('elective_member.school_id', '=', schoolId)
    .where('elective_member.person_id', '=', personId)
    .orderBy('elective.name')
    .execute();
}

export async function groupsOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('temp_group_member')
    .innerJoin('temp_group', 'temp_group.id', 'temp_group_member.group_id')
    .select(['temp_group.id', 'temp_group.name', 'temp_group.end_date'])
    .where('temp_group_member.school_id', '=', schoolId)
    .where('temp_group_member.person_id', '=', personId)
    .orderBy('temp_group.name')
    .execute();
}

export async function groupsCreatedBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('temp_group')
    .select(['id', 'name', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('created_by', '=', personId)
    .execute();
}

export async function passwordLinksOf(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('password_link')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .orderBy('created_at')
    .execute();
}

export async function accountOf(db: Queryable, userId: string) {
  return db
    .selectFrom('user')
    .select(['email', 'emailVerified', 'createdAt', 'updatedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** better-auth's session rows; read whole because it keeps more columns (address, agent) than we type. */
export async function sessionsOf(db: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  return db.selectFrom('session').selectAll().where('userId', '=', userId).execute() as Promise<
    Record<string, unknown>[]
  >;
}

export async function auditAbout(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('entity_id', '=', personId)
    .orderBy('at')
    .execute();
}

export async function auditBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('actor_person_id', '=', personId)
    .orderBy('at')
    .execute();
}

/** Audit entries whose recorded values may hold one of the texts (a name, an e-mail address). */
export async function auditMentioning(db: Queryable, schoolId: string, texts: readonly string[]) {
  const needles = texts.filter((text) => text.length >= 3);
  if (needles.length === 0) return [];
  return db
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where('school_id', '=', schoolId)
    .where((eb) =>
      eb.or(
        needles.flatMap((text) => {
          // Wildcards in the text only widen the search; the caller compares exactly.
          const pattern = `%${text.replace(/[\\%_]/g, '_')}%`;
          return [eb('before', 'like', pattern), eb('after', 'like', pattern)];
        }),
      ),
    )
    .execute();
}

export async function updateAuditValues(
  trx: Queryable,
  id: string,
  values: { before: string | null; after: string | null },
) {
  await trx.updateTable('audit_log').set(values).where('id', '=', id).execute();
}
