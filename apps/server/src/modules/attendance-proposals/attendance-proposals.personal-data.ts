/**
 * Scholars' proposals: the proposed records of students and who proposed and decided. Like the
 * records they become, they stay when a person leaves or is erased (a proposal's counts are part
 * of the sheet's history); erasure clears the notes, in the rows and in the proposals' audit.
 */
import { auditOfEntityMentioning } from '../audit/audit.service';
import { auditEntryView, rewriteAuditValues } from '../audit/audit.personal-data';
import type { PersonalData } from '../privacy/personal-data';
import { anyProposalOf, clearProposedNotesOf, proposalsOfPerson } from './attendance-proposals.repository';

const ENTITY = 'attendance_proposal';

interface ProposedItem {
  studentId?: unknown;
  note?: unknown;
}

/** A proposal's audited value, with `change` applied to the person's own proposed records. */
function mapOwnItems(value: unknown, personId: string, change: (item: ProposedItem) => ProposedItem | null) {
  if (value === null || typeof value !== 'object' || !('records' in value)) return value;
  const records = (value as { records: unknown }).records;
  if (!Array.isArray(records)) return value;
  return {
    ...value,
    records: records.flatMap((item: ProposedItem) => {
      if (item === null || typeof item !== 'object' || item.studentId !== personId) return [item];
      const changed = change(item);
      return changed ? [changed] : [];
    }),
  };
}

export const attendanceProposalsPersonalData: PersonalData = {
  name: 'attendance-proposals',
  columns: {
    attendance_proposed: ['student_id', 'registered_by', 'preliminary_by'],
    event_attend_reg_proposed: ['registered_by', 'decided_by'],
  },
  export: async (db, schoolId, person) => {
    const id = person.id;
    const [[proposed, made, decided], audit] = await Promise.all([
      proposalsOfPerson(db, schoolId, id),
      auditOfEntityMentioning(db, schoolId, ENTITY, id),
    ]);
    // Others' proposed records in the same entries are theirs, not this person's.
    const ownOnly = (value: unknown) =>
      value !== null && typeof value === 'object' && 'records' in value
        ? {
            ...value,
            records: ((value as { records: unknown }).records as ProposedItem[]).filter(
              (item) => item?.studentId === id,
            ),
          }
        : value;
    return {
      attendanceProposals: proposed.map((row) => ({
        eventId: row.event_id,
        eventStart: row.event_start,
        minutes: row.event_duration,
        status: row.status,
        manualStatus: row.manual_status,
        note: row.note,
        proposedBy: row.registered_by,
        approved: row.approved === 1,
        updatedAt: row.updated_at,
      })),
      attendanceProposalsMade: made.map((row) => ({
        eventId: row.event_id,
        date: row.date,
        approved: row.approved === 1,
        decidedAt: row.decided_at,
      })),
      attendanceProposalsDecided: decided.map((row) => ({
        eventId: row.event_id,
        approved: row.approved === 1,
        decidedAt: row.decided_at,
      })),
      attendanceProposalAudit: audit.map((row) => {
        const view = auditEntryView(row);
        return { ...view, before: ownOnly(view.before), after: ownOnly(view.after) };
      }),
    };
  },
  hasHistory: (db, schoolId, personId) => anyProposalOf(db, schoolId, personId),
  erase: async (trx, schoolId, person) => {
    await clearProposedNotesOf(trx, schoolId, person.id);
    await rewriteAuditValues(trx, await auditOfEntityMentioning(trx, schoolId, ENTITY, person.id), (value) =>
      mapOwnItems(value, person.id, (item) => ({ ...item, note: null })),
    );
  },
};
