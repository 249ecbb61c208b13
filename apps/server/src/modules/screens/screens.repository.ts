import { randomUUID } from 'node:crypto';
import { fullName, type ScreenLayout, type ScreenSchedule } from '@tun/shared';
import { nowIso, type Queryable } from '../../db/database';
import { personName, sortByName } from '../../db/rows';
import type { ScreenTable } from '../../db/schema';

/** A screen row with its layout and schedule read from their JSON. */
export interface ScreenRecord {
  id: string;
  schoolId: string;
  name: string;
  place: string;
  layout: ScreenLayout;
  schedule: ScreenSchedule | null;
  /** The screen's TV account (a person with the tv role); null until the first pairing. */
  personId: string | null;
  pairedAt: string | null;
  lastSeenAt: string | null;
  version: string | null;
  reloadRequestedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

type ScreenRowShape = Pick<
  ScreenTable,
  | 'id'
  | 'school_id'
  | 'name'
  | 'place'
  | 'layout'
  | 'schedule'
  | 'person_id'
  | 'paired_at'
  | 'last_seen_at'
  | 'version'
  | 'reload_requested_at'
  | 'created_at'
  | 'updated_at'
>;

function toRecord(row: ScreenRowShape): ScreenRecord {
  return {
    id: row.id,
    schoolId: row.school_id,
    name: row.name,
    place: row.place,
    // Written only from the validated schemas, so the JSON is read back as it was written.
    layout: JSON.parse(row.layout) as ScreenLayout,
    schedule: row.schedule === null ? null : (JSON.parse(row.schedule) as ScreenSchedule),
    personId: row.person_id,
    pairedAt: row.paired_at,
    lastSeenAt: row.last_seen_at,
    version: row.version,
    reloadRequestedAt: row.reload_requested_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listScreens(db: Queryable, schoolId: string): Promise<ScreenRecord[]> {
  const rows = await db.selectFrom('screen').selectAll().where('school_id', '=', schoolId).execute();
  return sortByName(rows.map(toRecord));
}

/** One screen of one school; another school's id finds nothing. */
export async function findScreen(
  db: Queryable,
  schoolId: string,
  screenId: string,
): Promise<ScreenRecord | undefined> {
  const row = await db
    .selectFrom('screen')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', screenId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The screen whose TV account the person is. */
export async function findScreenOfPerson(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<ScreenRecord | undefined> {
  const row = await db
    .selectFrom('screen')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function screenIdsOfSchool(db: Queryable, schoolId: string): Promise<string[]> {
  const rows = await db.selectFrom('screen').select('id').where('school_id', '=', schoolId).execute();
  return rows.map((row) => row.id);
}

/** A new screen; unpaired unless `paired` names its TV account (the demo's screens are). */
export async function insertScreen(
  trx: Queryable,
  schoolId: string,
  input: { name: string; place: string; layout: ScreenLayout; schedule: ScreenSchedule | null },
  paired?: { personId: string },
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('screen')
    .values({
      id,
      school_id: schoolId,
      name: input.name,
      place: input.place,
      layout: JSON.stringify(input.layout),
      schedule: input.schedule === null ? null : JSON.stringify(input.schedule),
      person_id: paired?.personId ?? null,
      paired_at: paired ? now : null,
      last_seen_at: null,
      version: null,
      reload_requested_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateScreen(
  trx: Queryable,
  schoolId: string,
  screenId: string,
  patch: {
    name?: string;
    place?: string;
    layout?: ScreenLayout;
    schedule?: ScreenSchedule | null;
    personId?: string | null;
    pairedAt?: string | null;
    reloadRequestedAt?: string;
  },
): Promise<void> {
  await trx
    .updateTable('screen')
    .set({
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.place === undefined ? {} : { place: patch.place }),
      ...(patch.layout === undefined ? {} : { layout: JSON.stringify(patch.layout) }),
      ...(patch.schedule === undefined
        ? {}
        : { schedule: patch.schedule === null ? null : JSON.stringify(patch.schedule) }),
      ...(patch.personId === undefined ? {} : { person_id: patch.personId }),
      ...(patch.pairedAt === undefined ? {} : { paired_at: patch.pairedAt }),
      ...(patch.reloadRequestedAt === undefined ? {} : { reload_requested_at: patch.reloadRequestedAt }),
      updated_at: nowIso(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', screenId)
    .execute();
}

export async function deleteScreen(trx: Queryable, schoolId: string, screenId: string): Promise<void> {
  await trx.deleteFrom('screen').where('school_id', '=', schoolId).where('id', '=', screenId).execute();
}

/** Screens whose TV account the person is (one at most), for the person's export. */
export async function screenNamesOfPerson(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('screen')
    .select(['id', 'name', 'place'])
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
}

/** The screen forgets its TV account (erased): the next pairing makes a new one. Returns its id. */
export async function clearScreenPerson(
  trx: Queryable,
  schoolId: string,
  personId: string,
): Promise<string[]> {
  const ids = await screenIdsOfPerson(trx, schoolId, personId);
  if (ids.length === 0) return [];
  await trx
    .updateTable('screen')
    .set({ person_id: null, paired_at: null, updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .execute();
  return ids;
}

/** The TV account left: its screen is no longer paired (its sessions end with it). Returns its id. */
export async function unpairScreensOf(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const ids = await screenIdsOfPerson(trx, schoolId, personId);
  if (ids.length === 0) return [];
  await trx
    .updateTable('screen')
    .set({ paired_at: null, updated_at: nowIso() })
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .execute();
  return ids;
}

async function screenIdsOfPerson(db: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('screen')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => row.id);
}

// --- Pairing (RFC 8628) ---

export interface PairingRecord {
  id: string;
  userCode: string;
  expiresAt: string;
  intervalSeconds: number;
  lastPolledAt: string | null;
  schoolId: string | null;
  screenId: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  deniedAt: string | null;
  consumedAt: string | null;
  createdAt: string;
}

const PAIRING_COLUMNS = [
  'id',
  'user_code',
  'expires_at',
  'interval_seconds',
  'last_polled_at',
  'school_id',
  'screen_id',
  'approved_by',
  'approved_at',
  'denied_at',
  'consumed_at',
  'created_at',
] as const;

function toPairing(row: {
  id: string;
  user_code: string;
  expires_at: string;
  interval_seconds: number | string;
  last_polled_at: string | null;
  school_id: string | null;
  screen_id: string | null;
  approved_by: string | null;
  approved_at: string | null;
  denied_at: string | null;
  consumed_at: string | null;
  created_at: string;
}): PairingRecord {
  return {
    id: row.id,
    userCode: row.user_code,
    expiresAt: row.expires_at,
    intervalSeconds: Number(row.interval_seconds),
    lastPolledAt: row.last_polled_at,
    schoolId: row.school_id,
    screenId: row.screen_id,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at,
    deniedAt: row.denied_at,
    consumedAt: row.consumed_at,
    createdAt: row.created_at,
  };
}

export async function insertPairing(
  trx: Queryable,
  pairing: {
    deviceCodeHash: string;
    userCode: string;
    createdAt: string;
    expiresAt: string;
    intervalSeconds: number;
  },
): Promise<void> {
  await trx
    .insertInto('screen_pairing')
    .values({
      id: randomUUID(),
      device_code_hash: pairing.deviceCodeHash,
      user_code: pairing.userCode,
      expires_at: pairing.expiresAt,
      interval_seconds: pairing.intervalSeconds,
      last_polled_at: null,
      school_id: null,
      screen_id: null,
      approved_by: null,
      approved_at: null,
      denied_at: null,
      consumed_at: null,
      created_at: pairing.createdAt,
    })
    .execute();
}

/** Whether a code not yet expired and not yet used holds the user code. */
export async function userCodeInUse(db: Queryable, userCode: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('screen_pairing')
    .select('id')
    .where('user_code', '=', userCode)
    .where('expires_at', '>', now)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Pairings still waiting for an admin: the bound on how many may exist at once. */
export async function countWaitingPairings(db: Queryable, now: string): Promise<number> {
  const row = await db
    .selectFrom('screen_pairing')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('expires_at', '>', now)
    .where('approved_at', 'is', null)
    .where('denied_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Codes past their expiry are of no use to anyone: removed once `before` has passed. */
export async function deleteExpiredPairings(trx: Queryable, before: string): Promise<void> {
  await trx.deleteFrom('screen_pairing').where('expires_at', '<', before).execute();
}

/** The code an admin typed, while it waits for an answer: unexpired, neither approved nor denied. */
export async function findWaitingPairing(
  db: Queryable,
  userCode: string,
  now: string,
): Promise<PairingRecord | undefined> {
  const row = await db
    .selectFrom('screen_pairing')
    .select(PAIRING_COLUMNS)
    .where('user_code', '=', userCode)
    .where('expires_at', '>', now)
    .where('approved_at', 'is', null)
    .where('denied_at', 'is', null)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return row && toPairing(row);
}

/**
 * Holds the pairing's row until the transaction ends (a no-op update locks it in both dialects;
 * SQLite's writers queue anyway), so that two polls, or a poll and an approval, run one after
 * the other. False when no pairing has the hash.
 */
export async function lockPairing(trx: Queryable, by: { deviceCodeHash: string } | { id: string }) {
  const result = await trx
    .updateTable('screen_pairing')
    .set((eb) => ({ interval_seconds: eb.ref('interval_seconds') }))
    .where((eb) => ('id' in by ? eb('id', '=', by.id) : eb('device_code_hash', '=', by.deviceCodeHash)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findPairingByHash(
  db: Queryable,
  deviceCodeHash: string,
): Promise<PairingRecord | undefined> {
  const row = await db
    .selectFrom('screen_pairing')
    .select(PAIRING_COLUMNS)
    .where('device_code_hash', '=', deviceCodeHash)
    .executeTakeFirst();
  return row && toPairing(row);
}

export async function findPairing(db: Queryable, id: string): Promise<PairingRecord | undefined> {
  const row = await db
    .selectFrom('screen_pairing')
    .select(PAIRING_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toPairing(row);
}

export async function updatePairing(
  trx: Queryable,
  id: string,
  patch: {
    lastPolledAt?: string;
    intervalSeconds?: number;
    schoolId?: string;
    screenId?: string;
    approvedBy?: string;
    approvedAt?: string;
    deniedAt?: string;
    consumedAt?: string;
  },
): Promise<void> {
  await trx
    .updateTable('screen_pairing')
    .set({
      ...(patch.lastPolledAt === undefined ? {} : { last_polled_at: patch.lastPolledAt }),
      ...(patch.intervalSeconds === undefined ? {} : { interval_seconds: patch.intervalSeconds }),
      ...(patch.schoolId === undefined ? {} : { school_id: patch.schoolId }),
      ...(patch.screenId === undefined ? {} : { screen_id: patch.screenId }),
      ...(patch.approvedBy === undefined ? {} : { approved_by: patch.approvedBy }),
      ...(patch.approvedAt === undefined ? {} : { approved_at: patch.approvedAt }),
      ...(patch.deniedAt === undefined ? {} : { denied_at: patch.deniedAt }),
      ...(patch.consumedAt === undefined ? {} : { consumed_at: patch.consumedAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** Approvals of the screen that no TV has collected yet: revoked with the screen. */
export async function deleteUncollectedPairings(
  trx: Queryable,
  schoolId: string,
  screenId: string,
): Promise<void> {
  await trx
    .deleteFrom('screen_pairing')
    .where('school_id', '=', schoolId)
    .where('screen_id', '=', screenId)
    .where('consumed_at', 'is', null)
    .execute();
}

/** The pairings a person approved, for their export. */
export async function pairingsApprovedBy(db: Queryable, schoolId: string, personId: string) {
  const rows = await db
    .selectFrom('screen_pairing')
    .select(['screen_id', 'approved_at'])
    .where('school_id', '=', schoolId)
    .where('approved_by', '=', personId)
    .execute();
  return rows.map((row) => ({ screenId: row.screen_id, approvedAt: row.approved_at }));
}

export async function forgetApprover(trx: Queryable, schoolId: string, personId: string): Promise<void> {
  await trx
    .updateTable('screen_pairing')
    .set({ approved_by: null })
    .where('school_id', '=', schoolId)
    .where('approved_by', '=', personId)
    .execute();
}

// --- The emergency banner ---

export async function findEmergency(db: Queryable, schoolId: string) {
  const row = await db
    .selectFrom('screen_emergency')
    .leftJoin('person', 'person.id', 'screen_emergency.raised_by')
    .select([
      'screen_emergency.message',
      'screen_emergency.raised_at',
      'person.first_name',
      'person.middle_name',
      'person.last_name',
    ])
    .where('screen_emergency.school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) return undefined;
  // The name is read when asked: it follows a changed name, and is gone once the raiser is erased.
  const raisedBy =
    row.first_name === null || row.last_name === null
      ? null
      : fullName(
          personName({ first_name: row.first_name, middle_name: row.middle_name, last_name: row.last_name }),
        );
  return { message: row.message, raisedAt: row.raised_at, raisedBy };
}

export async function upsertEmergency(
  trx: Queryable,
  schoolId: string,
  emergency: { message: string; raisedAt: string; raisedBy: string },
): Promise<void> {
  const values = { message: emergency.message, raised_at: emergency.raisedAt, raised_by: emergency.raisedBy };
  await trx
    .insertInto('screen_emergency')
    .values({ school_id: schoolId, ...values })
    .onConflict((oc) => oc.column('school_id').doUpdateSet(values))
    .execute();
}

/** What a person raised, for their privacy export. */
export async function emergencyRaisedBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('screen_emergency')
    .select(['message', 'raised_at as raisedAt'])
    .where('school_id', '=', schoolId)
    .where('raised_by', '=', personId)
    .execute();
}

/** True when the banner up now was raised by the person (it changes on every screen). */
export async function forgetEmergencyRaiser(
  trx: Queryable,
  schoolId: string,
  personId: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('screen_emergency')
    .set({ raised_by: null })
    .where('school_id', '=', schoolId)
    .where('raised_by', '=', personId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEmergency(trx: Queryable, schoolId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('screen_emergency')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
