/**
 * Leave (permisjon): applying, deciding, withdrawing and shortening (decision 027). An approved
 * leave is absence registered in advance for every event in its period: the attendance module
 * reads approved leave as a source of it, and refreshes the records already written when one
 * changes.
 *
 * Approvers (teachers and admins, `leave:view` for all) see every application of the school; a
 * student or scholar only their own, and another's is not found, as one of another school is.
 * Who may decide is the school's setting, checked per application after loading it
 * (`policies` in the answer). The audit keeps the period, the category and the decision, never
 * the reason or the comment: they may be about the student's health.
 */
import { randomUUID } from 'node:crypto';
import {
  canAll,
  fullName,
  LEAVE_CATEGORY_LABELS_NB,
  LEAVE_LIST_MAX,
  schoolDateTimeFormat,
  type Leave,
  type LeaveCategory,
  type LeaveDecisionInput,
  type LeaveInput,
  type LeaveList,
  type LeavePeriod,
  type LeavePolicies,
  type LeaveQuery,
  type LeaveSettings,
  type LeaveStatus,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nowIso, type Queryable, type Trx } from '../../db/database';
import { personName } from '../../db/rows';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { refreshAfterLeaveInTransaction } from '../attendance/attendance.service';
import { recordAudit } from '../audit/audit.service';
import { notifyPeople } from '../notifications/notifications.service';
import { leaveSettingsOf } from './leave-periods.service';
import {
  currentPeopleWithRole,
  currentTeachersOfLines,
  findLeave,
  insertLeave,
  linesOfStudents,
  linesTaughtBy,
  listLeaves,
  lockApplicant,
  overlapsStanding,
  updateLeave,
  type LeaveRow,
  type LeaveRowWithName,
} from './leave.repository';

type Deps = Pick<AppContext, 'database' | 'live' | 'config'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;

const ENTITY = 'leave_application';
const leaveLink = (id: string) => `/app/leave?leave=${encodeURIComponent(id)}`;
const leaveSource = (id: string) => `leave:${id}`;

/** Approvers read every application of the school; a student or scholar their own. */
const readsAll = (actor: Pick<Actor, 'roles'>) => canAll(actor.roles, 'leave:view');
/** Admins (and developers) approve whatever the school's setting. */
const isAdmin = (actor: Pick<Actor, 'roles'>) => canAll(actor.roles, 'leave:settings');
/** An application that still stands: it may be withdrawn, and its period changed by an approver. */
const stands = (status: string) => status === 'pending' || status === 'approved';

/** An instant in the one UTC form that stored instants are compared in as text. */
const utc = (instant: string) => new Date(instant).toISOString();

const periodFormat = schoolDateTimeFormat('nb-NO', { dateStyle: 'medium', timeStyle: 'short' });
const periodText = (row: Pick<LeaveRow, 'start_at' | 'end_at'>) =>
  `${periodFormat.format(new Date(row.start_at))} – ${periodFormat.format(new Date(row.end_at))}`;

/** What the reader is to the applications they read: the school's rules, and whose leave they decide. */
interface Reader {
  actor: Actor;
  settings: LeaveSettings;
  /** Whether the reader approves leave of a student on these lines (the school's setting). */
  approves(lineIds: readonly string[]): boolean;
}

async function readerOf(db: Queryable, actor: Actor): Promise<Reader> {
  const settings = await leaveSettingsOf(db, actor.schoolId);
  if (isAdmin(actor)) return { actor, settings, approves: () => true };
  if (!canAll(actor.roles, 'leave:approve') || settings.approvers === 'admin') {
    return { actor, settings, approves: () => false };
  }
  if (settings.approvers === 'anyTeacher') return { actor, settings, approves: () => true };
  const taught = await linesTaughtBy(db, actor.schoolId, actor.personId);
  return { actor, settings, approves: (lineIds) => lineIds.some((lineId) => taught.has(lineId)) };
}

function policiesOf(reader: Reader, row: LeaveRow, lineIds: readonly string[]): LeavePolicies {
  const own = row.student_id === reader.actor.personId;
  const approver = reader.approves(lineIds);
  return {
    edit: own && row.status === 'pending',
    decide: approver && row.status === 'pending',
    changePeriod: approver && stands(row.status),
    withdraw: (own || approver) && stands(row.status),
  };
}

function present(reader: Reader, row: LeaveRowWithName, lineIds: readonly string[]): Leave {
  const category = row.category as LeaveCategory;
  return {
    id: row.id,
    studentId: row.student_id,
    studentName: personName(row),
    lineIds: [...lineIds],
    start: row.start_at,
    end: row.end_at,
    category,
    reason: row.reason,
    sleepsAway: row.sleeps_away === 1,
    phone: row.phone,
    status: row.status as LeaveStatus,
    justified: reader.settings.justified[category],
    createdAt: row.created_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    comment: row.comment,
    policies: policiesOf(reader, row, lineIds),
  };
}

/** The application, when the reader may see it: approvers any of the school, others their own. */
async function loadVisible(db: Queryable, actor: Actor, id: string): Promise<LeaveRowWithName> {
  const row = await findLeave(db, actor.schoolId, id);
  if (!row || (!readsAll(actor) && row.student_id !== actor.personId))
    throw new ProblemError('leave-not-found');
  return row;
}

/** The application as the reader sees it, read again (after a change, in the same transaction). */
async function answer(db: Queryable, reader: Reader, id: string): Promise<Leave> {
  const row = (await findLeave(db, reader.actor.schoolId, id))!;
  const lines = await linesOfStudents(db, reader.actor.schoolId, [row.student_id]);
  return present(reader, row, lines.get(row.student_id) ?? []);
}

/** What the audit keeps of an application: its period, category and decision, not the reason. */
const auditView = (row: LeaveRow) => ({
  studentId: row.student_id,
  start: row.start_at,
  end: row.end_at,
  category: row.category,
  sleepsAway: row.sleeps_away === 1,
  status: row.status,
  decidedBy: row.decided_by,
});

async function audit(trx: Trx, actor: Actor, action: string, before: LeaveRow | undefined, after: LeaveRow) {
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action,
    entity: ENTITY,
    entityId: after.id,
    ...(before ? { before: auditView(before) } : {}),
    after: auditView(after),
  });
}

/** Whom to tell, without the one who did it. */
const others = (ids: readonly (string | null)[], actorId: string) =>
  [...new Set(ids)].filter((id): id is string => id !== null && id !== actorId);

/**
 * Who approves the student's leave under the school's setting: the teachers of the student's
 * lines (the admins when the lines have none), every teacher, or the admins.
 */
async function approversOf(
  db: Queryable,
  schoolId: string,
  settings: LeaveSettings,
  lineIds: readonly string[],
): Promise<string[]> {
  if (settings.approvers === 'anyTeacher') return currentPeopleWithRole(db, schoolId, ['teacher']);
  if (settings.approvers === 'contactTeacher') {
    const teachers = lineIds.length === 0 ? [] : await currentTeachersOfLines(db, schoolId, lineIds);
    if (teachers.length > 0) return teachers;
  }
  return currentPeopleWithRole(db, schoolId, ['admin']);
}

/**
 * 409 `leave-overlaps` when another pending or approved application of the student overlaps the
 * period. On PostgreSQL the student is locked first, so that two applications sent at once
 * cannot both pass.
 */
async function assertNoOverlap(
  deps: Deps,
  trx: Queryable,
  schoolId: string,
  studentId: string,
  period: { start: string; end: string },
  exceptId?: string,
): Promise<void> {
  if (deps.database.dialect === 'postgres') await lockApplicant(trx, schoolId, studentId);
  if (await overlapsStanding(trx, schoolId, studentId, period, exceptId)) {
    throw new ProblemError('leave-overlaps');
  }
}

/** The old and the new period of a leave that is approved: the records in either are worked out again. */
async function refreshAttendance(
  trx: Trx,
  actor: Actor,
  studentId: string,
  periods: readonly { start_at: string; end_at: string }[],
  publish: Publish,
): Promise<void> {
  await refreshAfterLeaveInTransaction(
    trx,
    actor,
    periods.map((period) => ({ studentId, start: period.start_at, end: period.end_at })),
    publish,
  );
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

export async function listLeave(db: Queryable, actor: Actor, query: LeaveQuery): Promise<LeaveList> {
  const all = readsAll(actor);
  if (!all && query.studentId !== undefined && query.studentId !== actor.personId) return { leaves: [] };
  const [rows, reader] = await Promise.all([
    listLeaves(
      db,
      actor.schoolId,
      {
        ...(all
          ? query.studentId === undefined
            ? {}
            : { studentId: query.studentId }
          : { studentId: actor.personId }),
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(query.from === undefined ? {} : { from: utc(query.from) }),
        ...(query.to === undefined ? {} : { to: utc(query.to) }),
      },
      LEAVE_LIST_MAX,
    ),
    readerOf(db, actor),
  ]);
  const lines = await linesOfStudents(
    db,
    actor.schoolId,
    rows.map((row) => row.student_id),
  );
  return { leaves: rows.map((row) => present(reader, row, lines.get(row.student_id) ?? [])) };
}

export async function getLeave(db: Queryable, actor: Actor, id: string): Promise<Leave> {
  const row = await loadVisible(db, actor, id);
  const [reader, lines] = await Promise.all([
    readerOf(db, actor),
    linesOfStudents(db, actor.schoolId, [row.student_id]),
  ]);
  return present(reader, row, lines.get(row.student_id) ?? []);
}

// ── Applying ────────────────────────────────────────────────────────────────────────────────

/** A student or scholar applies for themselves; the approvers under the school's setting are told. */
export async function applyForLeave(deps: Deps, actor: Actor, input: LeaveInput): Promise<Leave> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const period = { start: utc(input.start), end: utc(input.end) };
    await assertNoOverlap(deps, trx, schoolId, actor.personId, period);
    const now = nowIso();
    const id = randomUUID();
    await insertLeave(trx, {
      id,
      school_id: schoolId,
      student_id: actor.personId,
      start_at: period.start,
      end_at: period.end,
      category: input.category,
      reason: input.reason,
      sleeps_away: input.sleepsAway ? 1 : 0,
      phone: input.phone ?? null,
      status: 'pending',
      created_at: now,
      updated_at: now,
      decided_by: null,
      decided_at: null,
      comment: '',
    });
    const row = (await findLeave(trx, schoolId, id))!;
    await audit(trx, actor, 'create', undefined, row);
    const reader = await readerOf(trx, actor);
    const lineIds = (await linesOfStudents(trx, schoolId, [actor.personId])).get(actor.personId) ?? [];
    await notifyPeople(trx, publish, deps.config, {
      schoolId,
      personIds: others(await approversOf(trx, schoolId, reader.settings, lineIds), actor.personId),
      category: 'attendance',
      title: `Ny permisjonssøknad fra ${fullName(personName(row))}`,
      text: `${LEAVE_CATEGORY_LABELS_NB[input.category]}: ${periodText(row)}`,
      link: leaveLink(id),
      source: leaveSource(id),
    });
    publish('leave', [actor.personId]);
    return present(reader, row, lineIds);
  });
}

/** The applicant changes their application while it is pending (409 `leave-decided` after). */
export async function editLeave(deps: Deps, actor: Actor, id: string, input: LeaveInput): Promise<Leave> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const before = await loadVisible(trx, actor, id);
    if (before.student_id !== actor.personId) throw new ProblemError('leave-not-found');
    if (before.status !== 'pending') throw new ProblemError('leave-decided');
    const period = { start: utc(input.start), end: utc(input.end) };
    await assertNoOverlap(deps, trx, schoolId, actor.personId, period, id);
    await updateLeave(trx, schoolId, id, {
      start_at: period.start,
      end_at: period.end,
      category: input.category,
      reason: input.reason,
      sleeps_away: input.sleepsAway ? 1 : 0,
      phone: input.phone ?? null,
      updated_at: nowIso(),
    });
    const after = (await findLeave(trx, schoolId, id))!;
    await audit(trx, actor, 'update', before, after);
    publish('leave', [before.student_id]);
    return answer(trx, await readerOf(trx, actor), id);
  });
}

// ── Deciding ────────────────────────────────────────────────────────────────────────────────

/** The application, when the reader approves it under the school's setting; 403 otherwise. */
async function loadForApprover(trx: Queryable, actor: Actor, id: string) {
  const row = await loadVisible(trx, actor, id);
  const [reader, lines] = await Promise.all([
    readerOf(trx, actor),
    linesOfStudents(trx, actor.schoolId, [row.student_id]),
  ]);
  if (!reader.approves(lines.get(row.student_id) ?? [])) throw new ProblemError('leave-not-approver');
  return { row, reader };
}

/** An approver shortens or moves an application or an approved leave; approved stays approved. */
export async function changeLeavePeriod(
  deps: Deps,
  actor: Actor,
  id: string,
  period: LeavePeriod,
): Promise<Leave> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const { row: before, reader } = await loadForApprover(trx, actor, id);
    if (!stands(before.status)) throw new ProblemError('leave-decided');
    const next = { start: utc(period.start), end: utc(period.end) };
    if (next.start === before.start_at && next.end === before.end_at) return answer(trx, reader, id);
    await assertNoOverlap(deps, trx, schoolId, before.student_id, next, id);
    await updateLeave(trx, schoolId, id, { start_at: next.start, end_at: next.end, updated_at: nowIso() });
    const after = (await findLeave(trx, schoolId, id))!;
    await audit(trx, actor, 'update', before, after);
    if (after.status === 'approved')
      await refreshAttendance(trx, actor, after.student_id, [before, after], publish);
    await notifyPeople(trx, publish, deps.config, {
      schoolId,
      personIds: others([after.student_id], actor.personId),
      category: 'attendance',
      title:
        after.status === 'approved'
          ? 'Permisjonen din har fått ny periode'
          : 'Permisjonssøknaden din har fått ny periode',
      text: `${LEAVE_CATEGORY_LABELS_NB[after.category as LeaveCategory]}: ${periodText(after)}`,
      link: leaveLink(id),
      source: leaveSource(id),
    });
    publish('leave', [after.student_id]);
    return answer(trx, reader, id);
  });
}

/** Approve or reject a pending application, with a comment; the student is told. */
export async function decideLeave(
  deps: Deps,
  actor: Actor,
  id: string,
  input: LeaveDecisionInput,
): Promise<Leave> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const { row: before, reader } = await loadForApprover(trx, actor, id);
    if (before.status !== 'pending') throw new ProblemError('leave-decided');
    const now = nowIso();
    const comment = (input.comment ?? '').trim();
    await updateLeave(trx, schoolId, id, {
      status: input.decision,
      decided_by: actor.personId,
      decided_at: now,
      comment,
      updated_at: now,
    });
    const after = (await findLeave(trx, schoolId, id))!;
    await audit(trx, actor, input.decision === 'approved' ? 'approve' : 'reject', before, after);
    if (after.status === 'approved') await refreshAttendance(trx, actor, after.student_id, [after], publish);
    const category = LEAVE_CATEGORY_LABELS_NB[after.category as LeaveCategory];
    await notifyPeople(trx, publish, deps.config, {
      schoolId,
      personIds: others([after.student_id], actor.personId),
      category: 'attendance',
      title:
        input.decision === 'approved'
          ? 'Permisjonssøknaden din er godkjent'
          : 'Permisjonssøknaden din er avslått',
      text: comment || `${category}: ${periodText(after)}`,
      link: leaveLink(id),
      source: leaveSource(id),
    });
    publish('leave', [after.student_id]);
    return answer(trx, reader, id);
  });
}

/**
 * The applicant or an approver withdraws an application or a leave («Trukket»): its absence in
 * advance is taken back at once. One already rejected or withdrawn is 409 `leave-decided`.
 */
export async function withdrawLeave(deps: Deps, actor: Actor, id: string): Promise<Leave> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const before = await loadVisible(trx, actor, id);
    const [reader, lines] = await Promise.all([
      readerOf(trx, actor),
      linesOfStudents(trx, schoolId, [before.student_id]),
    ]);
    const own = before.student_id === actor.personId;
    if (!own && !reader.approves(lines.get(before.student_id) ?? [])) {
      throw new ProblemError('leave-not-approver');
    }
    if (!stands(before.status)) throw new ProblemError('leave-decided');
    const now = nowIso();
    await updateLeave(trx, schoolId, id, {
      status: 'withdrawn',
      decided_by: actor.personId,
      decided_at: now,
      updated_at: now,
    });
    const after = (await findLeave(trx, schoolId, id))!;
    await audit(trx, actor, 'withdraw', before, after);
    if (before.status === 'approved')
      await refreshAttendance(trx, actor, after.student_id, [before], publish);
    // The student hears when someone else withdrew it; the one who approved it, when the student did.
    const told = own ? (before.status === 'approved' ? [before.decided_by] : []) : [before.student_id];
    await notifyPeople(trx, publish, deps.config, {
      schoolId,
      personIds: others(told, actor.personId),
      category: 'attendance',
      title: own
        ? `${fullName(personName(before))} har trukket permisjonen sin`
        : before.status === 'approved'
          ? 'Permisjonen din er trukket tilbake'
          : 'Permisjonssøknaden din er trukket tilbake',
      text: `${LEAVE_CATEGORY_LABELS_NB[after.category as LeaveCategory]}: ${periodText(after)}`,
      link: leaveLink(id),
      source: leaveSource(id),
    });
    publish('leave', [after.student_id]);
    return answer(trx, reader, id);
  });
}
