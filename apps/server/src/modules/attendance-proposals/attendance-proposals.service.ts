/**
 * Proposals (SPEC §3 proposed attendance, §6): a scholar proposes the attendance of an event;
 * an admin or teacher approves it, which copies it into attendance through the one writer of
 * records, or rejects it. The proposal is kept, with who decided and when.
 */
import {
  attendanceId,
  canAll,
  studentMissingError,
  type AttendanceStatus,
  type Problem,
  type Proposal,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudits } from '../audit/audit.service';
import {
  eventMinutes,
  loadEvent,
  putRegistration,
  studentsAmong,
  writeStatuses,
  type Actor,
} from '../attendance/attendance.service';
import {
  findProposal,
  findProposals,
  insertProposal,
  markRecordsApproved,
  proposedRecords,
  proposedRecordsOf,
  replaceProposedRecords,
  resubmitProposal,
  setDecision,
} from './attendance-proposals.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;
type ProposedRecord = { studentId: string; manualStatus: AttendanceStatus | null; note: string | null };

/** Submits (or, while nobody has decided, replaces) a scholar's proposal for an event. */
export async function submitProposal(
  deps: Deps,
  actor: Actor,
  eventId: string,
  records: readonly ProposedRecord[],
): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const event = await loadEvent(trx, schoolId, eventId);
    const students = await studentsAmong(
      trx,
      schoolId,
      records.map((record) => record.studentId),
    );
    const issues: NonNullable<Problem['errors']> = [];
    const seen = new Set<string>();
    records.forEach((record, index) => {
      if (!students.has(record.studentId) || seen.has(record.studentId)) {
        issues.push(studentMissingError(`body.records.${index}.studentId`));
      }
      seen.add(record.studentId);
    });
    if (issues.length > 0) throw new ProblemError('validation-failed', undefined, issues);
    const existing = await findProposal(trx, schoolId, event.id);
    if (existing?.decided_at) throw new ProblemError('proposal-decided');

    const now = nowIso();
    await replaceProposedRecords(
      trx,
      schoolId,
      event.id,
      records.map((record) => ({
        school_id: schoolId,
        id: attendanceId(event.id, record.studentId),
        event_id: event.id,
        student_id: record.studentId,
        event_start: event.start,
        event_duration: eventMinutes(event),
        event_mandatory: event.mandatory ? 1 : 0,
        note: record.note,
        registered_by: actor.personId,
        preliminary_by: null,
        status: record.manualStatus ?? 'notAttending',
        nfc_status: null,
        preliminary_status: null,
        manual_status: record.manualStatus,
        updated_at: now,
        approved: 0,
      })),
    );
    if (existing) await resubmitProposal(trx, schoolId, event.id, actor.personId, now);
    else await insertProposal(trx, schoolId, event.id, actor.personId, now);
    await recordAudits(trx, [
      {
        schoolId,
        actorPersonId: actor.personId,
        action: existing ? 'update' : 'create',
        entity: 'attendance_proposal',
        entityId: event.id,
        after: { records },
      },
    ]);
    publish('attendance', [event.id]);
  });
}

/** Approves (copies into attendance) or rejects a pending proposal. */
export async function decideProposal(
  deps: Deps,
  actor: Actor,
  eventId: string,
  approve: boolean,
): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const proposal = await findProposal(trx, schoolId, eventId);
    if (!proposal) throw new ProblemError('not-found');
    if (proposal.decided_at) throw new ProblemError('proposal-decided');
    const now = nowIso();
    if (approve) {
      const event = await loadEvent(trx, schoolId, eventId);
      const rows = await proposedRecords(trx, schoolId, eventId);
      await writeStatuses(
        trx,
        actor,
        event,
        rows.map((row) => ({
          studentId: row.student_id,
          manualStatus: row.manual_status as AttendanceStatus | null,
          note: row.note,
        })),
        publish,
      );
      await putRegistration(trx, schoolId, eventId, actor.personId);
      await markRecordsApproved(trx, schoolId, eventId, now);
    }
    await setDecision(trx, schoolId, eventId, {
      approved: approve,
      decidedBy: actor.personId,
      decidedAt: now,
    });
    await recordAudits(trx, [
      {
        schoolId,
        actorPersonId: actor.personId,
        action: approve ? 'approve' : 'reject',
        entity: 'attendance_proposal',
        entityId: eventId,
      },
    ]);
    publish('attendance', [eventId]);
  });
}

/** Proposals in a state; a scholar sees only their own. */
export async function listProposals(
  db: Queryable,
  actor: Actor,
  state: 'pending' | 'approved' | 'rejected' | 'all',
): Promise<Proposal[]> {
  const proposals = await findProposals(db, actor.schoolId, {
    state,
    ...(canAll(actor.roles, 'proposals:view') ? {} : { registeredBy: actor.personId }),
  });
  if (proposals.length === 0) return [];
  const records = await proposedRecordsOf(
    db,
    actor.schoolId,
    proposals.map((proposal) => proposal.event_id),
  );
  return proposals.map((proposal) => {
    const own = records.filter((record) => record.event_id === proposal.event_id);
    return {
      eventId: proposal.event_id,
      registeredBy: proposal.registered_by,
      date: proposal.date,
      state: proposal.decided_at === null ? 'pending' : proposal.approved === 1 ? 'approved' : 'rejected',
      decidedBy: proposal.decided_by,
      decidedAt: proposal.decided_at,
      eventStart: own[0]?.event_start ?? null,
      records: own.map((record) => ({
        studentId: record.student_id,
        manualStatus: record.manual_status as AttendanceStatus | null,
        note: record.note,
      })),
    };
  });
}
