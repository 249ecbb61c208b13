/**
 * Pairing a TV without a keyboard: OAuth 2.0 device authorization (RFC 8628), with the TV's
 * session of its screen's own TV account, never the approving admin's
 * (docs/decisions/024-info-screens.md).
 *
 * The TV starts (a device code it keeps secret, and a user code it shows), an admin types or
 * scans the user code and approves it for a screen, and the TV, polling with its device code,
 * gets a session once. The device code is stored only as its SHA-256; a code lives
 * PAIRING_EXPIRES_SECONDS; polling sooner than the interval answers slow-down and lengthens the
 * interval (RFC 8628 §3.5).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  PAIRING_EXPIRES_SECONDS,
  PAIRING_INTERVAL_SECONDS,
  PAIRING_SLOW_DOWN_SECONDS,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
  formatUserCode,
  fullName,
  type PairingApprove,
  type PairingStart,
  type PendingPairing,
  type Screen,
} from '@tun/shared';
import { createAccountWithoutPassword } from '../../auth/accounts';
import { endSession, endSessionsOfUser, openSession } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { nowIso, type Trx } from '../../db/database';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findPerson } from '../people/directory.service';
import { attachAccount, createPersonInTransaction } from '../people/people.service';
import * as repository from './screens.repository';
import {
  createScreenInTransaction,
  loadScreen,
  loadScreenRecord,
  signOutScreen,
  tvAccountName,
  type ScreenRecord,
  type ScreensActor,
} from './screens.service';

type Deps = Pick<AppContext, 'database' | 'live'>;

/**
 * Codes waiting for an admin, across the installation. The per-address limit on starting keeps
 * one TV (or one script) from making many; this bounds the table against many addresses.
 */
export const MAX_WAITING_PAIRINGS = 10_000;

/** Pairing is not of a school until approved: its transactions announce nothing. */
const NO_SCHOOL = '';

function hashDeviceCode(deviceCode: string): string {
  return createHash('sha256').update(deviceCode).digest('hex');
}

function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i += 1)
    code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** POST /api/v1/screens/pairing: a new code for a TV that wants to become a screen. */
export async function startPairing(deps: Deps & Pick<AppContext, 'config'>): Promise<PairingStart> {
  const deviceCode = randomBytes(32).toString('base64url');
  const userCode = await write(deps, NO_SCHOOL, async (trx) => {
    const now = nowIso();
    // Expired codes answer like unknown ones (expired-token), so they need not be kept.
    await repository.deleteExpiredPairings(trx, now);
    if ((await repository.countWaitingPairings(trx, now)) >= MAX_WAITING_PAIRINGS) {
      throw new ProblemError('too-many-attempts');
    }
    // 20^8 codes: a repeat among the live ones is all but impossible, and is drawn again.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = newUserCode();
      if (await repository.userCodeInUse(trx, code, now)) continue;
      await repository.insertPairing(trx, {
        deviceCodeHash: hashDeviceCode(deviceCode),
        userCode: code,
        createdAt: now,
        expiresAt: new Date(Date.parse(now) + PAIRING_EXPIRES_SECONDS * 1000).toISOString(),
        intervalSeconds: PAIRING_INTERVAL_SECONDS,
      });
      return code;
    }
    throw new Error('no free user code after 10 attempts');
  });
  const verificationUri = new URL('/app/tv-setup', deps.config.publicUrl).toString();
  const shown = formatUserCode(userCode);
  return {
    deviceCode,
    userCode: shown,
    verificationUri,
    verificationUriComplete: `${verificationUri}?code=${encodeURIComponent(shown)}`,
    expiresIn: PAIRING_EXPIRES_SECONDS,
    interval: PAIRING_INTERVAL_SECONDS,
  };
}

/** GET /api/v1/screens/pairing/:userCode: the code typed on /app/tv-setup, while it waits. */
export async function findPendingPairing(deps: Deps, userCode: string): Promise<PendingPairing> {
  const pairing = await repository.findWaitingPairing(deps.database.db, userCode, nowIso());
  if (!pairing) throw new ProblemError('pairing-code-unknown');
  return { userCode: formatUserCode(pairing.userCode), expiresAt: pairing.expiresAt };
}

/** The waiting pairing with the code, locked for the rest of the transaction; 404 otherwise. */
async function lockWaiting(trx: Trx, userCode: string) {
  const found = await repository.findWaitingPairing(trx, userCode, nowIso());
  if (!found || !(await repository.lockPairing(trx, { id: found.id }))) {
    throw new ProblemError('pairing-code-unknown');
  }
  // Read again under the lock: another admin may have answered it in the meantime.
  const pairing = await repository.findPairing(trx, found.id);
  if (!pairing || pairing.approvedAt !== null || pairing.deniedAt !== null || pairing.expiresAt <= nowIso()) {
    throw new ProblemError('pairing-code-unknown');
  }
  return pairing;
}

/**
 * The screen's TV account, made at its first pairing: a person of the school with the tv role,
 * named after the screen, with a sign-in account that has no password (its sessions come from
 * pairing only). A screen whose account is gone or ended gets a new one.
 */
async function ensureTvAccount(
  trx: Trx,
  publish: Publish,
  deps: Deps,
  actor: ScreensActor,
  screen: ScreenRecord,
): Promise<void> {
  const existing =
    screen.personId === null ? undefined : await findPerson(trx, actor.schoolId, screen.personId);
  let person = existing && existing.left_on === null ? existing : undefined;
  if (!person) {
    const personId = await createPersonInTransaction(trx, publish, actor, {
      name: tvAccountName(screen.name),
      email: null,
      roles: ['tv'],
      memberOf: [],
    });
    await repository.updateScreen(trx, actor.schoolId, screen.id, { personId });
    person = await findPerson(trx, actor.schoolId, personId);
  }
  if (person && person.user_id === null) {
    const userId = await createAccountWithoutPassword(trx, deps.database.dialect, {
      name: fullName(tvAccountName(screen.name)),
    });
    await attachAccount(trx, person.id, userId, nowIso());
  }
}

/**
 * Approves a waiting code for an existing screen or a new one, in one transaction. The TV that
 * was signed in as the screen before is signed out at once; the new TV is signed in when it
 * next polls.
 */
export async function approvePairing(
  deps: Deps,
  actor: ScreensActor,
  input: PairingApprove,
): Promise<Screen> {
  const { screen, ended } = await write(deps, actor.schoolId, async (trx, publish) => {
    const pairing = await lockWaiting(trx, input.userCode);
    const screenId =
      'screenId' in input
        ? (await loadScreenRecord(trx, actor.schoolId, input.screenId)).id
        : await createScreenInTransaction(trx, publish, actor, input.screen);
    await ensureTvAccount(trx, publish, deps, actor, await loadScreenRecord(trx, actor.schoolId, screenId));
    const record = await loadScreenRecord(trx, actor.schoolId, screenId);
    // One TV per screen: an earlier approval not yet collected is withdrawn, and the TV signed
    // in as the screen signed out (pairings before sessions before the screen, the order a TV
    // collecting its session locks them in).
    await repository.deleteUncollectedPairings(trx, actor.schoolId, screenId);
    const sessions = await signOutScreen(trx, actor.schoolId, record);
    await repository.updateScreen(trx, actor.schoolId, screenId, { pairedAt: null });
    const now = nowIso();
    await repository.updatePairing(trx, pairing.id, {
      schoolId: actor.schoolId,
      screenId,
      approvedBy: actor.personId,
      approvedAt: now,
    });
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'pair',
      entity: 'screen',
      entityId: screenId,
      after: { userCode: formatUserCode(pairing.userCode), tvAccount: record.personId },
    });
    publish('screens', [screenId]);
    return { screen: await loadScreen(trx, actor.schoolId, screenId), ended: sessions };
  });
  await deps.live.endSessions(ended);
  return screen;
}

/** Refuses a waiting code: the TV is told access-denied. */
export async function denyPairing(deps: Deps, actor: ScreensActor, userCode: string): Promise<void> {
  await write(deps, actor.schoolId, async (trx) => {
    const pairing = await lockWaiting(trx, userCode);
    await repository.updatePairing(trx, pairing.id, { schoolId: actor.schoolId, deniedAt: nowIso() });
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'deny',
      entity: 'screen-pairing',
      entityId: pairing.id,
      after: { userCode: formatUserCode(pairing.userCode) },
    });
  });
}

type Poll =
  | { outcome: 'authorization-pending' | 'slow-down' | 'expired-token' | 'access-denied' }
  | { outcome: 'approved'; schoolId: string; screenId: string; personId: string; userId: string };

/**
 * One poll, under the pairing's lock so that two polls (or a poll and an approval) take turns.
 * Writes what the poll changes and answers the outcome; the caller throws the problem after the
 * transaction, which would otherwise undo the stored interval.
 */
async function poll(deps: Deps, deviceCodeHash: string): Promise<{ poll: Poll; ended: string[] }> {
  // The transaction announces the screen's pairing to its school, so it opens with the school
  // the code was approved for, if any; an approval that lands in between is seen next poll.
  const seen = await repository.findPairingByHash(deps.database.db, deviceCodeHash);
  const schoolId = seen?.schoolId ?? NO_SCHOOL;
  return write(deps, schoolId, async (trx, publish) => {
    const none = (outcome: Exclude<Poll['outcome'], 'approved'>) => ({ poll: { outcome }, ended: [] });
    if (!(await repository.lockPairing(trx, { deviceCodeHash }))) return none('expired-token');
    const pairing = await repository.findPairingByHash(trx, deviceCodeHash);
    const now = nowIso();
    if (!pairing || pairing.consumedAt !== null || pairing.expiresAt <= now) return none('expired-token');
    if (pairing.deniedAt !== null) return none('access-denied');
    const approved =
      pairing.approvedAt !== null && pairing.screenId !== null && pairing.schoolId === schoolId;
    if (!approved || pairing.screenId === null) {
      const since =
        pairing.lastPolledAt === null ? Infinity : Date.parse(now) - Date.parse(pairing.lastPolledAt);
      if (since < pairing.intervalSeconds * 1000) {
        await repository.updatePairing(trx, pairing.id, {
          lastPolledAt: now,
          intervalSeconds: pairing.intervalSeconds + PAIRING_SLOW_DOWN_SECONDS,
        });
        return none('slow-down');
      }
      await repository.updatePairing(trx, pairing.id, { lastPolledAt: now });
      return none('authorization-pending');
    }

    // Approved: used up now, whatever happens next.
    await repository.updatePairing(trx, pairing.id, { lastPolledAt: now, consumedAt: now });
    const screen = await repository.findScreen(trx, schoolId, pairing.screenId);
    const person = screen?.personId ? await findPerson(trx, schoolId, screen.personId) : undefined;
    if (!screen || !person?.user_id || person.left_on !== null) return none('expired-token');
    // Any other TV still signed in as the screen leaves it: one TV per screen.
    const ended = await endSessionsOfUser(trx, person.user_id);
    await repository.updateScreen(trx, schoolId, screen.id, { pairedAt: now });
    publish('screens', [screen.id]);
    return {
      poll: {
        outcome: 'approved',
        schoolId,
        screenId: screen.id,
        personId: person.id,
        userId: person.user_id,
      },
      ended,
    };
  });
}

/**
 * POST /api/v1/screens/pairing/token: what the TV is told when it polls. Approved, it gets the
 * session of its screen's TV account, as a cookie, once; every later poll is expired-token.
 */
export async function exchangeDeviceCode(
  deps: Deps & Pick<AppContext, 'auth'>,
  deviceCode: string,
  client: { ipAddress: string; userAgent: string },
): Promise<{ screenId: string; cookie: string }> {
  const { poll: result, ended } = await poll(deps, hashDeviceCode(deviceCode));
  await deps.live.endSessions(ended);
  if (result.outcome !== 'approved') throw new ProblemError(result.outcome);
  const session = await openSession({ auth: deps.auth, db: deps.database.db }, result.userId, {
    ...client,
    method: 'tv-pairing',
  });
  // better-auth writes the session outside our transaction (it has its own connection), so a
  // revoke that ran in between would miss it: if the screen is no longer paired to this
  // account, the new session is ended again and the TV starts over.
  const screen = await repository.findScreen(deps.database.db, result.schoolId, result.screenId);
  if (!screen || screen.pairedAt === null || screen.personId !== result.personId) {
    await write(deps, result.schoolId, (trx) => endSession(trx, session.sessionId));
    await deps.live.endSessions([session.sessionId]);
    throw new ProblemError('expired-token');
  }
  return { screenId: result.screenId, cookie: session.cookie };
}
