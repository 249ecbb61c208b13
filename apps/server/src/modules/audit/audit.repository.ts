import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { nowIso } from '../../db/database';

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
  await trx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      school_id: entry.schoolId,
      actor_person_id: entry.actorPersonId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      at: nowIso(),
    })
    .execute();
}
