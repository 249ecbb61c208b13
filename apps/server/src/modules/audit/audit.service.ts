/**
 * The audit log as other modules use it: they record what they change, in their own
 * transaction, and read an entity's history back. Every function takes the connection, so the
 * caller decides the transaction (docs/decisions/018-server-layers.md).
 */
import type { Queryable } from '../../db/database';
import type { AuditEntry } from './audit.repository';
import * as repository from './audit.repository';

export type { AuditEntry };

/** Who changed what, when, from what to what (DESIGN §5: attendance, roles and users). */
export async function recordAudit(trx: Queryable, entry: AuditEntry): Promise<void> {
  await repository.recordAudit(trx, entry);
}

/** Many entries in one statement (a whole attendance sheet), each as recordAudit writes it. */
export async function recordAudits(trx: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  await repository.recordAudits(trx, entries);
}

/** One entity's audit, oldest first. */
export async function auditOfEntity(db: Queryable, schoolId: string, entity: string, entityId: string) {
  return repository.auditOfEntity(db, schoolId, entity, entityId);
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
  return repository.auditOfRecords(db, schoolId, entities, suffix);
}

/** Entries of an entity whose recorded values may mention the text (an id). */
export async function auditOfEntityMentioning(db: Queryable, schoolId: string, entity: string, text: string) {
  return repository.auditOfEntityMentioning(db, schoolId, entity, text);
}
