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
          id: randomUUID(),
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
