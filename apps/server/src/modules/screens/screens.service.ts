/**
 * The school's info screens (docs/decisions/024-info-screens.md): their settings, their TV
 * accounts, revoking, «Last inn på nytt» and the emergency banner. Every change announces
 * `screens` with the screens it concerns; a paired TV hears it and fetches its screen again.
 */
import {
  SCREEN_OFFLINE_AFTER_SECONDS,
  isScreenAccount,
  parseRoles,
  todayInSchoolZone,
  type Emergency,
  type EmergencyInput,
  type Screen,
  type ScreenInput,
  type ScreenLayout,
  type ScreenPatch,
} from '@tun/shared';
import { endSessionsOfUser } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { nowIso, type Queryable, type Trx } from '../../db/database';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findPerson, rolesOfPerson } from '../people/directory.service';
import { hasHistory } from '../privacy/personal-data-registry';
import {
  deletePersonInTransaction,
  setLeftInTransaction,
  updatePersonInTransaction,
} from '../people/people.service';
import { findRoom } from '../rooms/rooms.service';
import * as repository from './screens.repository';
import type { ScreenRecord } from './screens.repository';

export type { ScreenRecord };

type Deps = Pick<AppContext, 'database' | 'live'>;

/** Who changes the screens: an admin of the school. */
export interface ScreensActor {
  schoolId: string;
  personId: string;
}

/**
 * The screen a TV account shows: its row with layout and schedule parsed, or undefined for a tv
 * account that is no screen's (one made by hand, or whose screen was deleted).
 */
export async function findScreenOfTvAccount(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<ScreenRecord | undefined> {
  return repository.findScreenOfPerson(db, schoolId, personId);
}

/** A screen as the admin page lists it; `online` is a heartbeat within the last 150 s. */
export function presentScreen(record: ScreenRecord, now = Date.now()): Screen {
  const lastSeen = record.lastSeenAt === null ? Number.NaN : Date.parse(record.lastSeenAt);
  return {
    id: record.id,
    name: record.name,
    place: record.place,
    layout: record.layout,
    schedule: record.schedule,
    paired: record.pairedAt !== null,
    pairedAt: record.pairedAt,
    lastSeenAt: record.lastSeenAt,
    online: now - lastSeen <= SCREEN_OFFLINE_AFTER_SECONDS * 1000,
    version: record.version,
    reloadRequestedAt: record.reloadRequestedAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export async function listScreens(db: Queryable, schoolId: string): Promise<Screen[]> {
  const now = Date.now();
  return (await repository.listScreens(db, schoolId)).map((record) => presentScreen(record, now));
}

/** One screen of the school, or 404 (another school's id included). */
export async function loadScreenRecord(db: Queryable, schoolId: string, screenId: string) {
  const record = await repository.findScreen(db, schoolId, screenId);
  if (!record) throw new ProblemError('not-found');
  return record;
}

export async function loadScreen(db: Queryable, schoolId: string, screenId: string): Promise<Screen> {
  return presentScreen(await loadScreenRecord(db, schoolId, screenId));
}

/** A screen shows one room's programme only if the room is the school's. */
async function checkLayout(db: Queryable, schoolId: string, layout: ScreenLayout | undefined) {
  if (!layout?.roomId) return;
  if (!(await findRoom(db, schoolId, layout.roomId))) {
    throw new ProblemError('validation-failed', undefined, [
      { path: 'body.layout.roomId', message: 'Rommet finnes ikke.' },
    ]);
  }
}

/** What the audit keeps of a screen: what the admin set. */
function auditView(record: Pick<ScreenRecord, 'name' | 'place' | 'layout' | 'schedule'>) {
  return { name: record.name, place: record.place, layout: record.layout, schedule: record.schedule };
}

/** Creates a screen in the caller's transaction (a new one, or one made while approving a code). */
export async function createScreenInTransaction(
  trx: Trx,
  publish: Publish,
  actor: ScreensActor,
  input: ScreenInput,
): Promise<string> {
  await checkLayout(trx, actor.schoolId, input.layout);
  const id = await repository.insertScreen(trx, actor.schoolId, input);
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: 'create',
    entity: 'screen',
    entityId: id,
    after: auditView(input),
  });
  publish('screens', [id]);
  return id;
}

export async function createScreen(deps: Deps, actor: ScreensActor, input: ScreenInput): Promise<Screen> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const id = await createScreenInTransaction(trx, publish, actor, input);
    return loadScreen(trx, actor.schoolId, id);
  });
}

/** Name, place, layout or schedule; the TV account is renamed with its screen. */
export async function changeScreen(
  deps: Deps,
  actor: ScreensActor,
  screenId: string,
  patch: ScreenPatch,
): Promise<Screen> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadScreenRecord(trx, actor.schoolId, screenId);
    await checkLayout(trx, actor.schoolId, patch.layout);
    await repository.updateScreen(trx, actor.schoolId, screenId, patch);
    const after = await loadScreenRecord(trx, actor.schoolId, screenId);
    if (after.name !== before.name) await renameTvAccount(trx, publish, deps, actor, before, after.name);
    if (JSON.stringify(auditView(before)) !== JSON.stringify(auditView(after))) {
      await recordAudit(trx, {
        schoolId: actor.schoolId,
        actorPersonId: actor.personId,
        action: 'update',
        entity: 'screen',
        entityId: screenId,
        before: auditView(before),
        after: auditView(after),
      });
    }
    publish('screens', [screenId]);
    return presentScreen(after);
  });
}

/** What a TV account made at pairing is called (pairing.service.ts), so that it follows its screen. */
export function tvAccountName(screenName: string) {
  return { first: 'Infoskjerm', last: screenName };
}

/**
 * The TV account made for the screen is renamed with it. An account someone named otherwise
 * (the demo's TV login, a person given the tv role by hand) keeps its name.
 */
async function renameTvAccount(
  trx: Trx,
  publish: Publish,
  deps: Deps,
  actor: ScreensActor,
  before: ScreenRecord,
  name: string,
) {
  if (before.personId === null) return;
  const person = await findPerson(trx, actor.schoolId, before.personId);
  const made = tvAccountName(before.name);
  if (!person || person.first_name !== made.first || person.last_name !== made.last) return;
  await updatePersonInTransaction(trx, publish, actor, deps.database.dialect, person.id, {
    name: tvAccountName(name),
  });
}

/**
 * Signs every TV out of the screen's account, in the caller's transaction. Returns the ended
 * sessions' ids, whose live streams the caller ends once the transaction has committed.
 */
export async function signOutScreen(trx: Trx, schoolId: string, record: ScreenRecord): Promise<string[]> {
  if (record.personId === null) return [];
  const person = await findPerson(trx, schoolId, record.personId);
  if (!person?.user_id) return [];
  return endSessionsOfUser(trx, person.user_id);
}

/** «Koble fra»: the TV is signed out at once and goes back to pairing; the screen stays. */
export async function revokeScreen(deps: Deps, actor: ScreensActor, screenId: string): Promise<Screen> {
  const { screen, ended } = await write(deps, actor.schoolId, async (trx, publish) => {
    const record = await loadScreenRecord(trx, actor.schoolId, screenId);
    // An approval the TV has not collected yet would sign it in again. Pairings, then sessions,
    // then the screen: the order a TV collecting its session locks them in.
    await repository.deleteUncollectedPairings(trx, actor.schoolId, screenId);
    const sessions = await signOutScreen(trx, actor.schoolId, record);
    await repository.updateScreen(trx, actor.schoolId, screenId, { pairedAt: null });
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'revoke',
      entity: 'screen',
      entityId: screenId,
      before: { pairedAt: record.pairedAt },
      after: { pairedAt: null, sessionsEnded: sessions.length },
    });
    publish('screens', [screenId]);
    return { screen: await loadScreen(trx, actor.schoolId, screenId), ended: sessions };
  });
  await deps.live.endSessions(ended);
  return screen;
}

/** «Last inn på nytt»: a TV that loaded its page before this moment reloads it. */
export async function requestReload(deps: Deps, actor: ScreensActor, screenId: string): Promise<Screen> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    await loadScreenRecord(trx, actor.schoolId, screenId);
    await repository.updateScreen(trx, actor.schoolId, screenId, { reloadRequestedAt: nowIso() });
    publish('screens', [screenId]);
    return loadScreen(trx, actor.schoolId, screenId);
  });
}

/**
 * Deletes the screen. Its TV signs out at once, and its TV account goes with it: deleted, or
 * ended («Avslutt») when it has history the school keeps. A person who also has other roles is
 * someone's real account and is left alone, only signed out.
 */
export async function deleteScreen(deps: Deps, actor: ScreensActor, screenId: string): Promise<void> {
  const ended = await write(deps, actor.schoolId, async (trx, publish) => {
    const record = await loadScreenRecord(trx, actor.schoolId, screenId);
    // In the order a TV collecting its session locks them: pairings, sessions, the screen.
    await repository.deleteUncollectedPairings(trx, actor.schoolId, screenId);
    const sessions = await signOutScreen(trx, actor.schoolId, record);
    await repository.deleteScreen(trx, actor.schoolId, screenId);
    if (record.personId !== null) await removeTvAccount(trx, publish, actor, record.personId);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'screen',
      entityId: screenId,
      before: auditView(record),
    });
    publish('screens', [screenId]);
    return sessions;
  });
  await deps.live.endSessions(ended);
}

async function removeTvAccount(trx: Trx, publish: Publish, actor: ScreensActor, personId: string) {
  const person = await findPerson(trx, actor.schoolId, personId);
  if (!person || person.left_on !== null) return;
  const roles = parseRoles(await rolesOfPerson(trx, actor.schoolId, personId));
  if (!isScreenAccount(roles)) return;
  if (await hasHistory(trx, actor.schoolId, personId)) {
    await setLeftInTransaction(trx, publish, actor, personId, todayInSchoolZone());
  } else {
    await deletePersonInTransaction(trx, publish, actor, personId);
  }
}

// --- The emergency banner ---

export async function loadEmergency(db: Queryable, schoolId: string): Promise<Emergency> {
  return (await repository.findEmergency(db, schoolId)) ?? null;
}

/** Raises (or changes) the banner on every screen of the school at once. */
export async function raiseEmergency(
  deps: Deps,
  actor: ScreensActor,
  input: EmergencyInput,
): Promise<Emergency> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadEmergency(trx, actor.schoolId);
    await repository.upsertEmergency(trx, actor.schoolId, {
      message: input.message,
      raisedAt: nowIso(),
      raisedBy: actor.personId,
    });
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'raise',
      entity: 'screen-emergency',
      entityId: actor.schoolId,
      ...(before ? { before: { message: before.message } } : {}),
      after: { message: input.message },
    });
    publish('screens', await repository.screenIdsOfSchool(trx, actor.schoolId));
    return loadEmergency(trx, actor.schoolId);
  });
}

/** Lowers the banner; lowering one that is not up changes nothing. */
export async function lowerEmergency(deps: Deps, actor: ScreensActor): Promise<Emergency> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const before = await loadEmergency(trx, actor.schoolId);
    if (!before) return null;
    await repository.deleteEmergency(trx, actor.schoolId);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'lower',
      entity: 'screen-emergency',
      entityId: actor.schoolId,
      before: { message: before.message },
    });
    publish('screens', await repository.screenIdsOfSchool(trx, actor.schoolId));
    return null;
  });
}
