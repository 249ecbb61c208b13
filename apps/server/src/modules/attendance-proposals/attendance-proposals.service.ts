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
import { recordAudits } from '../audit/audit.repository';
import { eventMinutes, putRegistration, studentsAmong } from '../attendance/attendance.repository';
import { loadEvent, writeStatuses, type Actor } from '../attendance/attendance.service';

type Deps = Pick<AppContext, 'database' | 'live'>;
type ProposedRecord = { studentId: string; manualStatus: AttendanceStatus | null; note: string | null };

async function findProposal(db: Queryable, schoolId: string, eventId: string) {
  return db
    .selectFrom('event_attend_reg_proposed')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

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
    await trx
      .deleteFrom('attendance_proposed')
      .where('school_id', '=', schoolId)
      .where('event_id', '=', event.id)
      .execute();
    if (records.length > 0) {
      await trx
        .insertInto('attendance_proposed')
        .values(
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
        )
        .execute();
    }
    if (existing) {
      await trx
        .updateTable('event_attend_reg_proposed')
        .set({ registered_by: actor.personId, date: now })
        .where('school_id', '=', schoolId)
        .where('event_id', '=', event.id)
        .execute();
    } else {
      await trx
        .insertInto('event_attend_reg_proposed')
        .values({
          school_id: schoolId,
          event_id: event.id,
          registered_by: actor.personId,
          date: now,
          approved: 0,
          decided_by: null,
          decided_at: null,
        })
        .execute();
    }
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
      const rows = await trx
        .selectFrom('attendance_proposed')
        .select(['student_id', 'manual_status', 'note'])
        .where('school_id', '=', schoolId)
        .where('event_id', '=', eventId)
        .execute();
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
      await trx
        .updateTable('attendance_proposed')
        .set({ approved: 1, updated_at: now })
        .where('school_id', '=', schoolId)
        .where('event_id', '=', eventId)
        .execute();
    }
    await trx
      .updateTable('event_attend_reg_proposed')
      .set({ approved: approve ? 1 : 0, decided_by: actor.personId, decided_at: now })
      .where('school_id', '=', schoolId)
      .where('event_id', '=', eventId)
      .execute();
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
  let query = db.selectFrom('event_attend_reg_proposed').selectAll().where('school_id', '=', actor.schoolId);
  if (!canAll(actor.roles, 'proposals:view')) query = query.where('registered_by', '=', actor.personId);
  if (state === 'pending') query = query.where('decided_at', 'is', null);
  if (state === 'approved') query = query.where('approved', '=', 1);
  if (state === 'rejected') query = query.where('decided_at', 'is not', null).where('approved', '=', 0);
  const proposals = await query.orderBy('date', 'desc').limit(500).execute();
  if (proposals.length === 0) return [];
  const records = await db
    .selectFrom('attendance_proposed')
    .select(['event_id', 'student_id', 'manual_status', 'note', 'event_start'])
    .where('school_id', '=', actor.schoolId)
    .where(
      'event_id',
      'in',
      proposals.map((proposal) => proposal.event_id),
    )
    .execute();
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
