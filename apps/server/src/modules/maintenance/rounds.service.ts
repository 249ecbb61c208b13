/**
 * The janitor's rounds (docs/decisions/026-janitor-cases.md): recurring checks that make one case
 * per room (or one for the round) when due, then wait for their next date.
 *
 * Each active round has a stored `maintenance.round` job for 06:00 school time of its next due
 * date, queued in the transaction that set the date, so rounds survive restarts: one due while
 * the server was down runs when it starts. Changing the date or activating a round queues a job
 * for the new date; the job queued before finds the round's `next_due` no longer its own `due`
 * and does nothing. The job re-reads the round in its transaction (on PostgreSQL holding the
 * row), so two runs for one due date make the cases once.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ROUNDS_MAX,
  addDays,
  schoolTimeToInstant,
  todayInSchoolZone,
  type CaseCategory,
  type Problem,
  type Round,
  type RoundFrequency,
  type roundInputSchema,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { enqueueJob, type JobOutcome, type JobPayloads } from '../../jobs/job-queue';
import { recordAudit } from '../audit/audit.service';
import { createCaseInTransaction } from './cases.service';
import {
  countRounds,
  deleteRound,
  findRoundRow,
  insertRound,
  listRoundRows,
  roomIdsAmong,
  updateRound,
  type RoundRow,
} from './rounds.repository';

type Deps = Pick<AppContext, 'database' | 'live' | 'jobs'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId'>;
type RoundInput = z.output<typeof roundInputSchema>;

/** A round's cases are made at this time of its due day, before the janitor's day starts. */
export const ROUND_RUN_TIME = '06:00';

/** Enough steps to pass today from any due date the schema allows, at the shortest frequency. */
const CATCH_UP_STEPS_MAX = 2000;

// ── Dates ───────────────────────────────────────────────────────────────────────────────────

/** Months later, on the same day or the month's last when it is shorter (31 January → 28 February). */
function addMonthsClamped(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** The due date one period after `date`. */
export function nextDueAfter(date: string, frequency: RoundFrequency): string {
  switch (frequency) {
    case 'weekly':
      return addDays(date, 7);
    case 'monthly':
      return addMonthsClamped(date, 1);
    case 'quarterly':
      return addMonthsClamped(date, 3);
    case 'yearly':
      return addMonthsClamped(date, 12);
  }
}

/**
 * The first due date after today: a round missed for several periods (the server was down)
 * makes its cases once, not once per period missed.
 */
export function followingDue(due: string, frequency: RoundFrequency, today: string): string {
  let next = nextDueAfter(due, frequency);
  for (let step = 0; next <= today && step < CATCH_UP_STEPS_MAX; step += 1) {
    next = nextDueAfter(next, frequency);
  }
  return next;
}

function runAtOf(due: string): string {
  return new Date(schoolTimeToInstant(due, ROUND_RUN_TIME)).toISOString();
}

async function scheduleRound(trx: Queryable, schoolId: string, roundId: string, due: string): Promise<void> {
  await enqueueJob(trx, {
    schoolId,
    kind: 'maintenance.round',
    payload: { schoolId, roundId, due },
    runAt: runAtOf(due),
  });
}

const isDueNow = (due: string) => schoolTimeToInstant(due, ROUND_RUN_TIME) <= Date.now();

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

function roomIdsOf(row: RoundRow): string[] {
  try {
    const ids: unknown = JSON.parse(row.room_ids);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Rooms deleted since the round was saved are left out: it makes no case for them. */
function present(row: RoundRow, rooms: ReadonlySet<string>): Round {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as CaseCategory,
    frequency: row.frequency as RoundFrequency,
    roomIds: roomIdsOf(row).filter((id) => rooms.has(id)),
    nextDue: row.next_due,
    active: row.active === 1,
    lastRunAt: row.last_run_at,
    updatedAt: row.updated_at,
  };
}

async function schoolRoomsAmong(db: Queryable, schoolId: string, rows: readonly RoundRow[]) {
  return new Set(await roomIdsAmong(db, schoolId, [...new Set(rows.flatMap(roomIdsOf))]));
}

export async function listRounds(db: Queryable, schoolId: string): Promise<Round[]> {
  const rows = await listRoundRows(db, schoolId);
  const rooms = await schoolRoomsAmong(db, schoolId, rows);
  return rows.map((row) => present(row, rooms));
}

async function loadRound(db: Queryable, schoolId: string, id: string): Promise<Round> {
  const row = await findRoundRow(db, schoolId, id);
  if (!row) throw new ProblemError('round-not-found');
  return present(row, await schoolRoomsAmong(db, schoolId, [row]));
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

/** Every room must be the school's; a due date just set may be today but not before. */
async function checkInput(
  db: Queryable,
  schoolId: string,
  input: RoundInput,
  options: { checkDue: boolean },
): Promise<string[]> {
  const roomIds = [...new Set(input.roomIds)];
  const known = new Set(await roomIdsAmong(db, schoolId, roomIds));
  const errors: NonNullable<Problem['errors']> = [];
  input.roomIds.forEach((id, index) => {
    if (!known.has(id)) {
      errors.push({ path: `body.roomIds.${index}`, code: 'invalid', message: 'Fant ikke rommet.' });
    }
  });
  if (options.checkDue && input.nextDue < todayInSchoolZone()) {
    errors.push({
      path: 'body.nextDue',
      code: 'invalid',
      message: 'Neste gang kan ikke være tilbake i tid. Velg i dag eller en senere dato.',
    });
  }
  if (errors.length > 0) throw new ProblemError('validation-failed', undefined, errors);
  return roomIds;
}

function auditView(round: Round | RoundInput) {
  return {
    title: round.title,
    category: round.category,
    frequency: round.frequency,
    roomIds: round.roomIds,
    nextDue: round.nextDue,
    active: round.active,
  };
}

export async function createRound(deps: Deps, actor: Actor, input: RoundInput): Promise<Round> {
  const { schoolId } = actor;
  const round = await write(deps, schoolId, async (trx, publish) => {
    if ((await countRounds(trx, schoolId)) >= ROUNDS_MAX) {
      throw new ProblemError(
        'conflict',
        `Skolen kan ha høyst ${ROUNDS_MAX} runder. Slett noen som ikke brukes lenger.`,
      );
    }
    const roomIds = await checkInput(trx, schoolId, input, { checkDue: true });
    const id = randomUUID();
    const now = nowIso();
    await insertRound(trx, {
      id,
      school_id: schoolId,
      title: input.title,
      description: input.description,
      category: input.category,
      frequency: input.frequency,
      room_ids: JSON.stringify(roomIds),
      next_due: input.nextDue,
      active: input.active ? 1 : 0,
      last_run_at: null,
      created_by: actor.personId,
      created_at: now,
      updated_at: now,
    });
    if (input.active) await scheduleRound(trx, schoolId, id, input.nextDue);
    const created = await loadRound(trx, schoolId, id);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'create',
      entity: 'maintenance_round',
      entityId: id,
      after: auditView(created),
    });
    publish('cases', []);
    return created;
  });
  if (round.active && isDueNow(round.nextDue)) deps.jobs.kick();
  return round;
}

/**
 * Replaces a round's fields. A new due date must not be in the past; an unchanged one may be
 * (its job has not run yet). A new date, or activating, queues a job for the date.
 */
export async function changeRound(deps: Deps, actor: Actor, id: string, input: RoundInput): Promise<Round> {
  const { schoolId } = actor;
  const round = await write(deps, schoolId, async (trx, publish) => {
    const row = await findRoundRow(trx, schoolId, id);
    if (!row) throw new ProblemError('round-not-found');
    const before = present(row, await schoolRoomsAmong(trx, schoolId, [row]));
    const moved = input.nextDue !== row.next_due;
    const roomIds = await checkInput(trx, schoolId, input, { checkDue: moved });
    await updateRound(trx, schoolId, id, {
      title: input.title,
      description: input.description,
      category: input.category,
      frequency: input.frequency,
      room_ids: JSON.stringify(roomIds),
      next_due: input.nextDue,
      active: input.active ? 1 : 0,
      updated_at: nowIso(),
    });
    if (input.active && (moved || row.active !== 1)) await scheduleRound(trx, schoolId, id, input.nextDue);
    const changed = await loadRound(trx, schoolId, id);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'edit',
      entity: 'maintenance_round',
      entityId: id,
      before: auditView(before),
      after: auditView(changed),
    });
    publish('cases', []);
    return changed;
  });
  if (round.active && isDueNow(round.nextDue)) deps.jobs.kick();
  return round;
}

/** Deletes a round; the cases it made stay. Its queued job then finds nothing to do. */
export async function removeRound(deps: Deps, actor: Actor, id: string): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const row = await findRoundRow(trx, schoolId, id);
    if (!row) throw new ProblemError('round-not-found');
    const before = present(row, await schoolRoomsAmong(trx, schoolId, [row]));
    await deleteRound(trx, schoolId, id);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'maintenance_round',
      entityId: id,
      before: auditView(before),
    });
    publish('cases', []);
  });
}

// ── Running ─────────────────────────────────────────────────────────────────────────────────

/**
 * The `maintenance.round` job: makes the round's cases for `due`, once, then moves the round to
 * its next date and queues the job for it. A round deleted, inactive or moved to another date
 * needs nothing from this job.
 */
export async function runRoundJob(
  ctx: AppContext,
  payload: JobPayloads['maintenance.round'],
): Promise<JobOutcome> {
  const { schoolId, roundId, due } = payload;
  if (!isDueNow(due)) return { retryAt: runAtOf(due) };
  const lock = ctx.database.dialect === 'postgres';
  await write(ctx, schoolId, async (trx, publish) => {
    const row = await findRoundRow(trx, schoolId, roundId, { lock });
    if (!row || row.active !== 1 || row.next_due !== due) return;
    const round = present(row, await schoolRoomsAmong(trx, schoolId, [row]));
    // A round whose rooms were all deleted since still makes its check, as one case.
    const rooms: (string | null)[] = round.roomIds.length > 0 ? round.roomIds : [null];
    for (const roomId of rooms) {
      await createCaseInTransaction(
        trx,
        schoolId,
        {
          title: round.title,
          description: round.description,
          roomId,
          category: round.category,
          urgency: 'normal',
          roundId,
          submittedBy: null,
        },
        publish,
        ctx.config,
      );
    }
    const now = nowIso();
    const nextDue = followingDue(due, round.frequency, todayInSchoolZone());
    await updateRound(trx, schoolId, roundId, { last_run_at: now, next_due: nextDue });
    await scheduleRound(trx, schoolId, roundId, nextDue);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: null,
      action: 'run',
      entity: 'maintenance_round',
      entityId: roundId,
      before: { nextDue: due },
      after: { nextDue: nextDue, cases: rooms.length },
    });
    publish('cases', []);
  });
}
