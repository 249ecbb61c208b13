/**
 * Janitor cases: reporting, the list, one case, its status, assignee, comments and reopening
 * (docs/decisions/026-janitor-cases.md).
 *
 * Handlers (admin, janitor) see and handle every case of the school. Anyone else who may report
 * sees only the cases they reported: another person's case is not found, as one of another
 * school is. What the reader may do with a case is worked out after loading it (`policiesOf`).
 *
 * Choices the decision leaves open:
 * - A submitter may comment on their case unless it is rejected: «Avvist» comes with a reason,
 *   and only a handler can take the case up again. Asking for an internal note is 403
 *   `forbidden` (they can see the case, so hiding it behind a 404 would tell nothing).
 * - Setting the status a case already has changes nothing and tells no one, comment included:
 *   a comment on its own goes through the comments route.
 */
import { randomUUID } from 'node:crypto';
import {
  canAll,
  CASE_LIST_PAGE_MAX,
  CASE_PHOTOS_MAX,
  CASE_REOPEN_DAYS,
  OPEN_CASE_STATUSES,
  type Case,
  type CaseCategory,
  type CaseComment,
  type CaseInput,
  type CaseList,
  type CasePolicies,
  type CaseStatus,
  type CaseSummary,
  type CaseUrgency,
  type caseAssigneeInputSchema,
  type caseCommentInputSchema,
  type caseListQuerySchema,
  type caseReopenInputSchema,
  type CaseStatusInput,
  type Role,
} from '@tun/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { nowIso, type Queryable, type Trx } from '../../db/database';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { notifyPeople } from '../notifications/notifications.service';
import {
  commentsOf,
  currentHandlers,
  findCase,
  historyOf,
  insertCase,
  insertComment,
  insertStatusChange,
  isCurrentHandler,
  listCases as listCaseRows,
  lockCaseNumbers,
  nextCaseNumber,
  photoCounts,
  photosOf,
  roomOfSchool,
  updateCase,
  type CaseRow,
  type PhotoRow,
} from './cases.repository';
import { CATEGORY_NAMES, STATUS_NAMES } from './case-names';

type Deps = Pick<AppContext, 'database' | 'live' | 'config'>;
/** Who is asking: the person, their roles and the school they act in. */
export interface Actor {
  schoolId: string;
  personId: string;
  roles: readonly Role[];
}
type NotifyConfig = Pick<Config, 'smtpUrl' | 'publicUrl'>;
type ListQuery = z.output<typeof caseListQuerySchema>;

const DAY_MS = 24 * 3_600_000;
const ENTITY = 'maintenance_case';

export const isHandler = (actor: Pick<Actor, 'roles'>) => canAll(actor.roles, 'maintenance:handle');
const isOpen = (status: string) => (OPEN_CASE_STATUSES as readonly string[]).includes(status);
const caseLink = (caseId: string) => `/app/janitor/cases/${encodeURIComponent(caseId)}`;
const caseSource = (caseId: string) => `case:${caseId}`;

/** The URL a photo (or its preview) is read at, behind the case's own permission. */
export function photoUrl(caseId: string, photoId: string, thumbnail = false): string {
  const url = `/api/v1/maintenance/cases/${encodeURIComponent(caseId)}/photos/${encodeURIComponent(photoId)}`;
  return thumbnail ? `${url}?thumbnail=1` : url;
}

export function presentPhoto(row: PhotoRow) {
  return {
    id: row.id,
    url: photoUrl(row.case_id, row.id),
    thumbnailUrl: photoUrl(row.case_id, row.id, true),
    createdAt: row.created_at,
  };
}

function presentSummary(row: CaseRow, photoCount: number): CaseSummary {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    roomId: row.room_id,
    category: row.category as CaseCategory,
    urgency: row.urgency as CaseUrgency,
    status: row.status as CaseStatus,
    submittedBy: row.submitted_by,
    assignedTo: row.assigned_to,
    roundId: row.round_id,
    photoCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    solvedAt: row.solved_at,
  };
}

/** What the reader may do with the case, once it is loaded and known to be theirs to see. */
export function policiesOf(actor: Actor, row: CaseRow, photoCount: number, now = Date.now()): CasePolicies {
  const handler = isHandler(actor);
  const own = row.submitted_by !== null && row.submitted_by === actor.personId;
  const solvedRecently =
    row.status === 'solved' &&
    row.solved_at !== null &&
    now - Date.parse(row.solved_at) <= CASE_REOPEN_DAYS * DAY_MS;
  return {
    handle: handler,
    comment: handler || (own && row.status !== 'rejected'),
    commentInternal: handler,
    addPhoto: (handler || own) && isOpen(row.status) && photoCount < CASE_PHOTOS_MAX,
    reopen: handler ? row.status === 'solved' || row.status === 'rejected' : own && solvedRecently,
  };
}

/**
 * The case, when the reader may see it: handlers any of the school, anyone else only their own.
 * Not found otherwise, whatever the reason.
 */
export async function loadVisibleCase(db: Queryable, actor: Actor, caseId: string): Promise<CaseRow> {
  const row = await findCase(db, actor.schoolId, caseId);
  if (!row || (!isHandler(actor) && (row.submitted_by === null || row.submitted_by !== actor.personId))) {
    throw new ProblemError('not-found');
  }
  return row;
}

export async function presentCase(db: Queryable, actor: Actor, row: CaseRow): Promise<Case> {
  const handler = isHandler(actor);
  const [photos, comments, history] = await Promise.all([
    photosOf(db, actor.schoolId, row.id),
    commentsOf(db, actor.schoolId, row.id, handler),
    historyOf(db, actor.schoolId, row.id),
  ]);
  return {
    ...presentSummary(row, photos.length),
    description: row.description,
    rejectReason: row.reject_reason,
    photos: photos.map(presentPhoto),
    comments: comments.map((comment): CaseComment => ({
      id: comment.id,
      authorId: comment.author_id,
      body: comment.body,
      internal: comment.internal === 1,
      createdAt: comment.created_at,
    })),
    history: history.map((change) => ({
      status: change.status as CaseStatus,
      byId: change.changed_by,
      at: change.at,
      reason: change.reason,
    })),
    policies: policiesOf(actor, row, photos.length),
  };
}

/** What the audit keeps of a case. */
const auditView = (row: CaseRow) => ({
  number: row.number,
  title: row.title,
  roomId: row.room_id,
  category: row.category,
  urgency: row.urgency,
  status: row.status,
  rejectReason: row.reject_reason,
  assignedTo: row.assigned_to,
});

/** Whom to tell, without the one who did it. */
const others = (ids: readonly (string | null)[], actorId: string | null) =>
  [...new Set(ids)].filter((id): id is string => id !== null && id !== actorId);

/** E-mails need the public address; without the config, people are told in the app and by push. */
const NO_EMAIL: NotifyConfig = { smtpUrl: undefined, publicUrl: '' };

// ── Reporting ───────────────────────────────────────────────────────────────────────────────

/**
 * Makes a case in the caller's transaction, numbered next in the school, with its first status
 * change, its audit, the live announcement and the handlers' notification; answers its id.
 * Rounds call it too (`submittedBy` null, `roundId` set); pass `config` so handlers who want
 * cases by e-mail get one.
 */
export async function createCaseInTransaction(
  trx: Trx,
  schoolId: string,
  input: CaseInput & { roundId: string | null; submittedBy: string | null },
  publish: Publish,
  config: NotifyConfig = NO_EMAIL,
): Promise<string> {
  if (input.roomId !== null && !(await roomOfSchool(trx, schoolId, input.roomId))) {
    throw new ProblemError('validation-failed', undefined, [
      { path: 'body.roomId', code: 'unknown-room', message: 'Rommet finnes ikke.' },
    ]);
  }
  // The number is the school's next: taken under a lock, so that reports at the same moment
  // never share one (the unique constraint stays as the last guard).
  await lockCaseNumbers(trx, schoolId);
  const number = await nextCaseNumber(trx, schoolId);
  const now = nowIso();
  const row: CaseRow = {
    id: randomUUID(),
    school_id: schoolId,
    number,
    title: input.title.trim(),
    description: (input.description ?? '').trim(),
    room_id: input.roomId,
    category: input.category,
    urgency: input.urgency ?? 'normal',
    status: 'new',
    reject_reason: null,
    submitted_by: input.submittedBy,
    assigned_to: null,
    round_id: input.roundId,
    created_at: now,
    updated_at: now,
    solved_at: null,
  };
  await insertCase(trx, row);
  await insertStatusChange(trx, {
    id: randomUUID(),
    school_id: schoolId,
    case_id: row.id,
    status: 'new',
    reason: null,
    changed_by: input.submittedBy,
    at: now,
  });
  await recordAudit(trx, {
    schoolId,
    actorPersonId: input.submittedBy,
    action: 'create',
    entity: ENTITY,
    entityId: row.id,
    after: auditView(row),
  });
  await notifyPeople(trx, publish, config, {
    schoolId,
    personIds: others(await currentHandlers(trx, schoolId), input.submittedBy),
    category: 'cases',
    title: `Ny sak ${number}: ${row.title}`,
    text: row.description || CATEGORY_NAMES[input.category],
    link: caseLink(row.id),
    source: caseSource(row.id),
  });
  publish('cases', input.submittedBy === null ? [] : [input.submittedBy]);
  return row.id;
}

export async function createCase(deps: Deps, actor: Actor, input: CaseInput): Promise<Case> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const id = await createCaseInTransaction(
      trx,
      actor.schoolId,
      { ...input, roundId: null, submittedBy: actor.personId },
      publish,
      deps.config,
    );
    return presentCase(trx, actor, (await findCase(trx, actor.schoolId, id))!);
  });
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

export async function listCases(db: Queryable, actor: Actor, query: ListQuery): Promise<CaseList> {
  const handler = isHandler(actor);
  const rows = await listCaseRows(
    db,
    actor.schoolId,
    {
      ...(handler ? {} : { submittedBy: actor.personId }),
      ...(query.status === undefined ? {} : { status: query.status }),
      state: query.state,
      ...(query.roomId === undefined ? {} : { roomId: query.roomId }),
      ...(query.category === undefined ? {} : { category: query.category }),
      ...(query.olderThanDays === undefined
        ? {}
        : { createdBefore: new Date(Date.now() - query.olderThanDays * DAY_MS).toISOString() }),
      ...(handler && query.mine === '1' ? { assignedTo: actor.personId } : {}),
    },
    CASE_LIST_PAGE_MAX,
  );
  const page = rows.slice(0, CASE_LIST_PAGE_MAX);
  const counts = await photoCounts(
    db,
    actor.schoolId,
    page.map((row) => row.id),
  );
  return {
    cases: page.map((row) => presentSummary(row, counts.get(row.id) ?? 0)),
    truncated: rows.length > CASE_LIST_PAGE_MAX,
    policies: { handle: handler },
  };
}

export async function getCase(db: Queryable, actor: Actor, caseId: string): Promise<Case> {
  return presentCase(db, actor, await loadVisibleCase(db, actor, caseId));
}

// ── Handling ────────────────────────────────────────────────────────────────────────────────

async function addComment(
  trx: Trx,
  actor: Actor,
  caseId: string,
  body: string,
  internal: boolean,
  at: string,
): Promise<void> {
  await insertComment(trx, {
    id: randomUUID(),
    school_id: actor.schoolId,
    case_id: caseId,
    author_id: actor.personId,
    body,
    internal: internal ? 1 : 0,
    created_at: at,
  });
}

/** Moves the case to a status; the submitter hears of it. The same status again changes nothing. */
export async function setCaseStatus(
  deps: Deps,
  actor: Actor,
  caseId: string,
  input: CaseStatusInput,
): Promise<Case> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadVisibleCase(trx, actor, caseId);
    if (before.status === input.status) return presentCase(trx, actor, before);
    const now = nowIso();
    const reason = input.reason ? input.reason : null;
    await updateCase(trx, actor.schoolId, caseId, {
      status: input.status,
      reject_reason: input.status === 'rejected' ? reason : null,
      solved_at: input.status === 'solved' ? now : null,
      updated_at: now,
    });
    await insertStatusChange(trx, {
      id: randomUUID(),
      school_id: actor.schoolId,
      case_id: caseId,
      status: input.status,
      reason,
      changed_by: actor.personId,
      at: now,
    });
    const comment = input.comment ? input.comment : null;
    if (comment !== null) await addComment(trx, actor, caseId, comment, false, now);
    const after = (await findCase(trx, actor.schoolId, caseId))!;
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: ENTITY,
      entityId: caseId,
      before: auditView(before),
      after: auditView(after),
    });
    await notifyPeople(trx, publish, deps.config, {
      schoolId: actor.schoolId,
      personIds: others([after.submitted_by], actor.personId),
      category: 'cases',
      title: `Saken din «${after.title}» er nå ${STATUS_NAMES[input.status]}`,
      text: comment ?? (input.status === 'rejected' && reason ? reason : `Sak ${after.number}`),
      link: caseLink(caseId),
      source: caseSource(caseId),
    });
    publish('cases', others([after.submitted_by], null));
    return presentCase(trx, actor, after);
  });
}

/** Gives the case to an admin or janitor of the school who is still there, or to no one. */
export async function setCaseAssignee(
  deps: Deps,
  actor: Actor,
  caseId: string,
  input: z.output<typeof caseAssigneeInputSchema>,
): Promise<Case> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadVisibleCase(trx, actor, caseId);
    if (before.assigned_to === input.assigneeId) return presentCase(trx, actor, before);
    if (input.assigneeId !== null && !(await isCurrentHandler(trx, actor.schoolId, input.assigneeId))) {
      throw new ProblemError('validation-failed', undefined, [
        {
          path: 'body.assigneeId',
          code: 'not-a-handler',
          message: 'Saken kan bare gis til en vaktmester eller administrator ved skolen.',
        },
      ]);
    }
    await updateCase(trx, actor.schoolId, caseId, { assigned_to: input.assigneeId, updated_at: nowIso() });
    const after = (await findCase(trx, actor.schoolId, caseId))!;
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: ENTITY,
      entityId: caseId,
      before: auditView(before),
      after: auditView(after),
    });
    await notifyPeople(trx, publish, deps.config, {
      schoolId: actor.schoolId,
      personIds: others([input.assigneeId], actor.personId),
      category: 'cases',
      title: `Du har fått sak ${after.number}: ${after.title}`,
      text: after.description || CATEGORY_NAMES[after.category as CaseCategory],
      link: caseLink(caseId),
      source: caseSource(caseId),
    });
    publish('cases', others([after.submitted_by], null));
    return presentCase(trx, actor, after);
  });
}

/**
 * A comment: handlers write public comments (the submitter hears of them) and internal notes;
 * the submitter public ones only (their assignee hears, or every handler when there is none).
 */
export async function commentOnCase(
  deps: Deps,
  actor: Actor,
  caseId: string,
  input: z.output<typeof caseCommentInputSchema>,
): Promise<Case> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const row = await loadVisibleCase(trx, actor, caseId);
    const policies = policiesOf(actor, row, 0);
    if (!policies.comment || (input.internal && !policies.commentInternal)) {
      throw new ProblemError('forbidden');
    }
    const now = nowIso();
    await addComment(trx, actor, caseId, input.body, input.internal, now);
    await updateCase(trx, actor.schoolId, caseId, { updated_at: now });
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'comment',
      entity: ENTITY,
      entityId: caseId,
      after: { internal: input.internal },
    });
    if (!input.internal) {
      const fromHandler = isHandler(actor) && row.submitted_by !== actor.personId;
      const told = fromHandler
        ? [row.submitted_by]
        : row.assigned_to !== null
          ? [row.assigned_to]
          : await currentHandlers(trx, actor.schoolId);
      await notifyPeople(trx, publish, deps.config, {
        schoolId: actor.schoolId,
        personIds: others(told, actor.personId),
        category: 'cases',
        title: fromHandler
          ? `Ny kommentar på saken din «${row.title}»`
          : `Ny kommentar på sak ${row.number}: ${row.title}`,
        text: input.body,
        link: caseLink(caseId),
        source: caseSource(caseId),
      });
    }
    publish('cases', others([row.submitted_by], null));
    return presentCase(trx, actor, (await findCase(trx, actor.schoolId, caseId))!);
  });
}

/**
 * Back to «Ny», with the reason kept as the status change's and as a public comment: the
 * submitter within CASE_REOPEN_DAYS of its solving, a handler any solved or rejected case.
 */
export async function reopenCase(
  deps: Deps,
  actor: Actor,
  caseId: string,
  input: z.output<typeof caseReopenInputSchema>,
): Promise<Case> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadVisibleCase(trx, actor, caseId);
    if (!policiesOf(actor, before, 0).reopen) throw new ProblemError('case-not-reopenable');
    const now = nowIso();
    await updateCase(trx, actor.schoolId, caseId, {
      status: 'new',
      reject_reason: null,
      solved_at: null,
      updated_at: now,
    });
    await insertStatusChange(trx, {
      id: randomUUID(),
      school_id: actor.schoolId,
      case_id: caseId,
      status: 'new',
      reason: input.reason,
      changed_by: actor.personId,
      at: now,
    });
    await addComment(trx, actor, caseId, input.reason, false, now);
    const after = (await findCase(trx, actor.schoolId, caseId))!;
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'reopen',
      entity: ENTITY,
      entityId: caseId,
      before: auditView(before),
      after: auditView(after),
    });
    await notifyPeople(trx, publish, deps.config, {
      schoolId: actor.schoolId,
      personIds: others(
        [...(await currentHandlers(trx, actor.schoolId)), after.submitted_by],
        actor.personId,
      ),
      category: 'cases',
      title: `Sak ${after.number} er gjenåpnet: ${after.title}`,
      text: input.reason,
      link: caseLink(caseId),
      source: caseSource(caseId),
    });
    publish('cases', others([after.submitted_by], null));
    return presentCase(trx, actor, after);
  });
}
