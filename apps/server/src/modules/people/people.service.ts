import {
  fullName,
  parseRoles,
  PROBLEMS,
  ROLES,
  SPEC_MESSAGES,
  type MeUpdate,
  type Person,
  type PersonInput,
  type PersonUpdate,
  type Role,
  type UserMutableData,
} from '@tun/shared';
import type { AppContext } from '../../context';
import type { Dialect, Queryable, Trx } from '../../db/database';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { forgetCreator } from '../calendar/calendar.service';
import { unknownLines } from '../lines/lines.service';
import { endDutyOf } from '../supervision/supervision.service';
import { hasHistory, leavePersonalData } from '../privacy/personal-data-registry';
import {
  addMemberships,
  addRoles,
  countAdmins,
  deleteAccount,
  deletePersonRow,
  accountEmailFree,
  emailTaken,
  feideIdTaken,
  findPerson,
  insertPerson,
  linesOfPerson,
  mutableData,
  personName,
  personRows,
  removeMemberships,
  replaceRoles,
  rolesOfPerson,
  setLeftOn,
  setUserId,
  updateAccount,
  updatePersonRow,
  type NewPerson,
} from './people.repository';
import * as repository from './people.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

export interface Actor {
  schoolId: string;
  /** The person making the change; null for the system (first run, demo). */
  personId: string | null;
}

const EMAIL_TAKEN = 'E-postadressen er allerede i bruk.';

/** Lines of the school among `ids`; anything else is refused with the field that named it. */
export async function checkLines(db: Queryable, schoolId: string, ids: readonly string[], path = 'memberOf') {
  const unknown = await unknownLines(db, schoolId, ids);
  if (unknown.length > 0) {
    throw new ProblemError(
      'validation-failed',
      undefined,
      unknown.map((id) => ({ path, message: `Linjen finnes ikke: ${id}` })),
    );
  }
}

/**
 * The e-mail address is what a person signs in with, so two people of a school cannot share
 * one: refused with 409 and the field that named it. Other schools' addresses are not asked.
 */
export async function checkEmailFree(
  db: Queryable,
  schoolId: string,
  email: string | null | undefined,
  except: { personId?: string; userId?: string | null } = {},
  path = 'email',
) {
  if (!email) return;
  if (await emailTaken(db, schoolId, email, except)) {
    throw new ProblemError('conflict', EMAIL_TAKEN, [{ path, message: EMAIL_TAKEN }]);
  }
}

/**
 * A first sign-in with Feide is matched to the person with the Feide id, so two people of a
 * school cannot share one: refused with 409 and the field that named it.
 */
async function checkFeideIdFree(
  db: Queryable,
  schoolId: string,
  feideId: string | null | undefined,
  exceptPersonId?: string,
) {
  if (!feideId) return;
  if (await feideIdTaken(db, schoolId, feideId, exceptPersonId)) {
    throw new ProblemError('feide-id-taken', undefined, [
      { path: 'feideId', message: PROBLEMS['feide-id-taken'].title },
    ]);
  }
}

/** Roles without repeats, in the catalog's order, so that before and after compare as sets. */
function normalRoles(roles: readonly Role[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

/**
 * Creates a person with roles and line memberships inside the caller's transaction, audited
 * and announced. The new-user form and the import both come through here.
 */
export async function createPersonInTransaction(
  trx: Trx,
  publish: Publish,
  actor: Actor,
  input: PersonInput,
): Promise<string> {
  const memberOf = [...new Set(input.memberOf)];
  await checkLines(trx, actor.schoolId, memberOf);
  await checkEmailFree(trx, actor.schoolId, input.email);
  await checkFeideIdFree(trx, actor.schoolId, input.feideId);
  const id = await insertPerson(trx, {
    schoolId: actor.schoolId,
    userId: null,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    room: input.room ?? null,
    feideId: input.feideId ?? null,
  });
  const roles = normalRoles(input.roles);
  await addRoles(trx, actor.schoolId, id, roles);
  if (memberOf.length > 0) {
    await addMemberships(trx, actor.schoolId, id, memberOf);
    publish('lines', memberOf);
  }
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: 'create',
    entity: 'person',
    entityId: id,
    after: { ...input, roles, memberOf },
  });
  publish('people', [id]);
  return id;
}

/**
 * The first-run wizard's admin, with an account and the admin role, in the wizard's transaction.
 * Nothing to check in a school that has no one yet; the wizard records the audit entry.
 */
export async function insertFirstAdmin(trx: Trx, person: NewPerson & { userId: string }): Promise<string> {
  const id = await insertPerson(trx, person);
  await addRoles(trx, person.schoolId, id, ['admin']);
  return id;
}

/**
 * People of a school as the API shows them, with roles and line memberships: those at the school,
 * with `former` also those who have left and what remains of erased people (their history names
 * them), or those with the given ids (never an erased one). Three queries, whatever the number of
 * people.
 */
export async function loadPeople(
  db: Queryable,
  schoolId: string,
  options: { ids?: readonly string[]; former?: boolean; warn?: (message: string) => void } = {},
): Promise<Person[]> {
  if (options.ids && options.ids.length === 0) return [];
  const { personRows: rows, roleRows, lineRows, lineIds } = await personRows(db, schoolId, options);
  const rolesOf = new Map<string, string[]>();
  for (const row of roleRows) {
    const roles = rolesOf.get(row.person_id);
    if (roles) roles.push(row.role);
    else rolesOf.set(row.person_id, [row.role]);
  }
  const linesOf = new Map<string, string[]>();
  for (const row of lineRows) {
    if (!lineIds.has(row.line_id)) {
      options.warn?.(`Group in memberOf does not exist: ${row.line_id} (person ${row.person_id})`);
      continue;
    }
    const lines = linesOf.get(row.person_id);
    if (lines) lines.push(row.line_id);
    else linesOf.set(row.person_id, [row.line_id]);
  }
  return rows.map((row) => ({
    id: row.id,
    name: personName(row),
    email: row.email,
    phone: row.phone,
    room: row.room,
    feideId: row.feide_id,
    memberOf: linesOf.get(row.id) ?? [],
    roles: normalRoles(parseRoles(rolesOf.get(row.id) ?? [], options.warn)),
    hasLogin: row.user_id !== null,
    userMutableData: mutableData(row),
    leftOn: row.left_on,
    erased: row.erased_at !== null,
  }));
}

/** One person of the school, or 404 (another school's id included). */
export async function loadPerson(
  db: Queryable,
  schoolId: string,
  personId: string,
  warn?: (message: string) => void,
): Promise<Person> {
  const [person] = await loadPeople(db, schoolId, { ids: [personId], ...(warn ? { warn } : {}) });
  if (!person) throw new ProblemError('not-found');
  return person;
}

/** What the audit log keeps of a person: the fields the school edits, without the account. */
function auditView(person: Person) {
  return {
    name: person.name,
    email: person.email,
    phone: person.phone,
    room: person.room,
    feideId: person.feideId ?? null,
    memberOf: person.memberOf,
    roles: person.roles,
  };
}

/**
 * Changes what the school keeps about a person. A person with a sign-in keeps signing in with
 * the new address, so the account follows; such a person cannot be left without one.
 */
export async function updatePersonInTransaction(
  trx: Trx,
  publish: Publish,
  actor: Actor,
  dialect: Dialect,
  personId: string,
  update: PersonUpdate,
): Promise<void> {
  const row = await findPerson(trx, actor.schoolId, personId);
  if (!row) throw new ProblemError('not-found');
  const before = await loadPerson(trx, actor.schoolId, personId);

  if (update.email === null && row.user_id !== null) {
    throw new ProblemError('validation-failed', undefined, [
      { path: 'email', message: 'Personen logger inn med e-postadressen, så den kan ikke fjernes.' },
    ]);
  }
  const emailChanged = update.email !== undefined && update.email !== row.email;
  if (emailChanged) {
    await checkEmailFree(trx, actor.schoolId, update.email, { personId, userId: row.user_id });
  }
  if (update.feideId !== undefined && update.feideId !== row.feide_id) {
    await checkFeideIdFree(trx, actor.schoolId, update.feideId, personId);
  }

  if (update.memberOf !== undefined) {
    const wanted = [...new Set(update.memberOf)];
    await checkLines(trx, actor.schoolId, wanted);
    const current = await linesOfPerson(trx, actor.schoolId, personId);
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    await removeMemberships(trx, actor.schoolId, personId, removed);
    await addMemberships(trx, actor.schoolId, personId, added);
    if (added.length + removed.length > 0) publish('lines', [...added, ...removed]);
  }

  await updatePersonRow(trx, actor.schoolId, personId, {
    ...(update.name === undefined ? {} : { name: update.name }),
    ...(update.email === undefined ? {} : { email: update.email }),
    ...(update.phone === undefined ? {} : { phone: update.phone }),
    ...(update.room === undefined ? {} : { room: update.room }),
    ...(update.feideId === undefined ? {} : { feideId: update.feideId }),
  });
  if (row.user_id !== null) {
    // The account follows only to an address no other account has; one held in another school
    // is answered as a free one, and the person keeps signing in with the old address.
    const accountFollows =
      emailChanged && update.email ? await accountEmailFree(trx, update.email, row.user_id) : false;
    await updateAccount(trx, dialect, row.user_id, {
      ...(accountFollows && update.email ? { email: update.email } : {}),
      ...(update.name === undefined ? {} : { name: fullName(update.name) }),
    });
  }

  const after = await loadPerson(trx, actor.schoolId, personId);
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: 'update',
    entity: 'person',
    entityId: personId,
    before: auditView(before),
    after: auditView(after),
  });
  publish('people', [personId]);
}

/** The person signs in with the account from now on, in the caller's transaction. */
export async function attachAccount(trx: Trx, personId: string, userId: string, now: string): Promise<void> {
  await setUserId(trx, personId, userId, now);
}

/**
 * Holds the school's row until the transaction ends, so that changes which must leave the
 * school with an admin (checked with assertAdminRemains) run one after the other.
 */
export async function lockSchool(trx: Trx, schoolId: string): Promise<void> {
  await repository.lockSchool(trx, schoolId);
}

/** Refuses a change that would leave the school without an admin (call it after the change). */
export async function assertAdminRemains(trx: Trx, schoolId: string) {
  if ((await countAdmins(trx, schoolId)) === 0) throw new ProblemError('last-admin');
}

/** Replaces a person's roles; audited with before and after. Unchanged roles write nothing. */
async function setRolesInTransaction(
  trx: Trx,
  publish: Publish,
  actor: Actor,
  personId: string,
  roles: readonly Role[],
): Promise<void> {
  await lockSchool(trx, actor.schoolId);
  const row = await findPerson(trx, actor.schoolId, personId);
  if (!row) throw new ProblemError('not-found');
  const before = normalRoles(parseRoles(await rolesOfPerson(trx, actor.schoolId, personId)));
  const after = normalRoles(roles);
  if (before.length === after.length && before.every((role, index) => role === after[index])) return;

  await replaceRoles(trx, actor.schoolId, personId, after);
  if (before.includes('admin') && !after.includes('admin')) await assertAdminRemains(trx, actor.schoolId);
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: 'roles',
    entity: 'person',
    entityId: personId,
    before: { roles: before },
    after: { roles: after },
  });
  publish('people', [personId]);
}

/**
 * The administrator's delete: the person, their roles and memberships, their sign-in account
 * and sessions, in the caller's transaction. (Export and erasure of all their data for GDPR is
 * the privacy module's.)
 */
export async function deletePersonInTransaction(
  trx: Trx,
  publish: Publish,
  actor: Actor,
  personId: string,
): Promise<void> {
  await lockSchool(trx, actor.schoolId);
  const row = await findPerson(trx, actor.schoolId, personId);
  if (!row) throw new ProblemError('not-found');
  // Records the school must keep would go with the person (docs/decisions/011-leaving-and-erasure.md).
  if (await hasHistory(trx, actor.schoolId, personId)) throw new ProblemError('person-has-history');
  const before = await loadPerson(trx, actor.schoolId, personId);

  await forgetCreator(trx, actor.schoolId, personId);
  await deletePersonRow(trx, actor.schoolId, personId);
  if (row.user_id !== null) await deleteAccount(trx, row.user_id);
  if (before.roles.includes('admin')) await assertAdminRemains(trx, actor.schoolId);

  await endDutyOf(trx, publish, actor.schoolId, personId);

  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: 'delete',
    entity: 'person',
    entityId: personId,
    before: auditView(before),
  });
  if (before.memberOf.length > 0) publish('lines', before.memberOf);
  publish('people', [personId]);
}

/** Whether a plain delete would be allowed: the person exists and has no history; 404 otherwise. */
export async function isDeletable(db: Queryable, schoolId: string, personId: string): Promise<boolean> {
  if (!(await findPerson(db, schoolId, personId))) throw new ProblemError('not-found');
  return !(await hasHistory(db, schoolId, personId));
}

/**
 * «Avslutt»: the person left the school on `leftOn` (or, with null, «Angre avslutning»: they did
 * not). Everything they are part of stays, hidden from current lists from that day; what every
 * module ends at once (sessions, password links, calendar feeds, supervision) ends. The school
 * keeps an admin who is still there.
 */
export async function setLeftInTransaction(
  trx: Trx,
  publish: Publish,
  actor: Actor,
  personId: string,
  leftOn: string | null,
): Promise<void> {
  await lockSchool(trx, actor.schoolId);
  const row = await findPerson(trx, actor.schoolId, personId);
  if (!row) throw new ProblemError('not-found');
  if (row.left_on === leftOn) return;
  await setLeftOn(trx, actor.schoolId, personId, leftOn);
  if (leftOn !== null) {
    await leavePersonalData(trx, actor.schoolId, row, publish);
    await assertAdminRemains(trx, actor.schoolId);
  }
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: leftOn === null ? 'return' : 'leave',
    entity: 'person',
    entityId: personId,
    before: { leftOn: row.left_on },
    after: { leftOn },
  });
  const lines = await linesOfPerson(trx, actor.schoolId, personId);
  if (lines.length > 0) publish('lines', lines);
  publish('people', [personId]);
}

/** A person's own userMutableData, merged; an empty picture address removes the picture. */
async function updateOwnDataInTransaction(
  trx: Trx,
  publish: Publish,
  actor: { schoolId: string; personId: string },
  patch: MeUpdate['userMutableData'],
): Promise<UserMutableData> {
  const row = await findPerson(trx, actor.schoolId, actor.personId);
  if (!row) throw new ProblemError('not-in-directory', SPEC_MESSAGES.notInDirectory);
  const before = mutableData(row);
  const after: UserMutableData = { ...before, ...patch };
  if (after.profilePicURL === '') delete after.profilePicURL;
  await updatePersonRow(trx, actor.schoolId, actor.personId, { userMutableData: after });
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: 'update-own-data',
    entity: 'person',
    entityId: actor.personId,
    before,
    after,
  });
  publish('people', [actor.personId]);
  return after;
}

export async function createPerson(deps: Deps, actor: Actor, input: PersonInput): Promise<Person> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    const id = await createPersonInTransaction(trx, publish, actor, input);
    return loadPerson(trx, actor.schoolId, id);
  });
}

export async function updatePerson(
  deps: Deps,
  actor: Actor,
  personId: string,
  update: PersonUpdate,
): Promise<Person> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    await updatePersonInTransaction(trx, publish, actor, deps.database.dialect, personId, update);
    return loadPerson(trx, actor.schoolId, personId);
  });
}

export async function deletePerson(deps: Deps, actor: Actor, personId: string): Promise<void> {
  await write(deps, actor.schoolId, (trx, publish) =>
    deletePersonInTransaction(trx, publish, actor, personId),
  );
}

export async function setLeft(
  deps: Deps,
  actor: Actor,
  personId: string,
  leftOn: string | null,
): Promise<Person> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    await setLeftInTransaction(trx, publish, actor, personId, leftOn);
    return loadPerson(trx, actor.schoolId, personId);
  });
}

export async function setRoles(
  deps: Deps,
  actor: Actor,
  personId: string,
  roles: readonly Role[],
): Promise<Person> {
  return write(deps, actor.schoolId, async (trx, publish) => {
    await setRolesInTransaction(trx, publish, actor, personId, roles);
    return loadPerson(trx, actor.schoolId, personId);
  });
}

export async function updateOwnData(
  deps: Deps,
  actor: { schoolId: string; personId: string },
  patch: MeUpdate['userMutableData'],
): Promise<UserMutableData> {
  return write(deps, actor.schoolId, (trx, publish) =>
    updateOwnDataInTransaction(trx, publish, actor, patch),
  );
}
