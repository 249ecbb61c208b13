import type { Queryable } from '../../db/database';
import { nowIso } from '../../db/database';
import { timeOrderedId } from '../../db/time-ordered-id';

export interface AuditEntry {
  schoolId: string;
  actorPersonId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Who changed what, when, from what to what (DESIGN §5: attendance, roles and users). */
export async function recordAudit(trx: Queryable, entry: AuditEntry): Promise<void> {
  await recordAudits(trx, [entry]);
}

/** Many entries in one statement (a whole attendance sheet), each as recordAudit writes it. */
export async function recordAudits(trx: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  const at = nowIso();
  for (let i = 0; i < entries.length; i += 100) {
    await trx
      .insertInto('audit_log')
      .values(
        entries.slice(i, i + 100).map((entry) => ({
          // Ordered by time, so that a sheet's sixty entries land on the index's last page or two
          // rather than on sixty pages anywhere in it, each written to the log (decision 031).
          id: timeOrderedId(),
          school_id: entry.schoolId,
          actor_person_id: entry.actorPersonId,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          before: entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === undefined ? null : JSON.stringify(entry.after),
          at,
        })),
      )
      .execute();
  }
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

/** Whether the person changed anything but their own record. */
export async function hasAuditBy(db: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('actor_person_id', '=', personId)
    .where((eb) => eb.or([eb('entity', '!=', 'person'), eb('entity_id', '!=', personId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Entries of these entities whose id ends in `-<suffix>`: the records of one student, whose ids
 * are `<eventId or date>-<studentId>` (SPEC §3).
 */
export async function auditOfRecords(
  db: Queryable,
  schoolId: string,
  entities: readonly string[],
  suffix: string,
) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('entity', 'in', [...entities])
    .where('entity_id', 'like', `%-${suffix.replace(/[\\%_]/g, '_')}`)
    .orderBy('at')
    .execute()
    .then((rows) => rows.filter((row) => row.entity_id.endsWith(`-${suffix}`)));
}

/** Entries of an entity whose recorded values may mention the text (an id). */
export async function auditOfEntityMentioning(db: Queryable, schoolId: string, entity: string, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, '_')}%`;
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('entity', '=', entity)
    .where((eb) => eb.or([eb('before', 'like', pattern), eb('after', 'like', pattern)]))
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

/** One entity's audit, oldest first. */
export async function auditOfEntity(db: Queryable, schoolId: string, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'actor_person_id', 'action', 'before', 'after'])
    .where('school_id', '=', schoolId)
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
