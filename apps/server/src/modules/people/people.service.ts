import { parseRoles, type Person, type PersonInput } from '@tun/shared';
import type { Queryable, Trx } from '../../db/database';
import type { Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.repository';
import { addRoles, insertPerson, mutableData, personName } from './people.repository';

export interface Actor {
  schoolId: string;
  /** The person making the change; null for the system (first run, demo). */
  personId: string | null;
}

/** Lines of the school among `ids`; anything else is refused with the field that named it. */
export async function checkLines(db: Queryable, schoolId: string, ids: readonly string[], path = 'memberOf') {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('line')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ProblemError(
      'validation-failed',
      undefined,
      unknown.map((id) => ({ path, message: `Linjen finnes ikke: ${id}` })),
    );
  }
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
  const id = await insertPerson(trx, {
    schoolId: actor.schoolId,
    userId: null,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    room: input.room ?? null,
  });
  await addRoles(trx, actor.schoolId, id, [...new Set(input.roles)]);
  if (memberOf.length > 0) {
    await trx
      .insertInto('line_member')
      .values(memberOf.map((lineId) => ({ line_id: lineId, person_id: id, school_id: actor.schoolId })))
      .execute();
    publish('lines', memberOf);
  }
  await recordAudit(trx, {
    schoolId: actor.schoolId,
    actorPersonId: actor.personId,
    action: 'create',
    entity: 'person',
    entityId: id,
    after: { ...input, memberOf },
  });
  publish('people', [id]);
  return id;
}

/**
 * People of a school as the API shows them, with roles and line memberships; all of them, or
 * those with the given ids. Three queries, whatever the number of people.
 */
export async function loadPeople(
  db: Queryable,
  schoolId: string,
  options: { ids?: readonly string[]; warn?: (message: string) => void } = {},
): Promise<Person[]> {
  if (options.ids && options.ids.length === 0) return [];
  let people = db.selectFrom('person').selectAll().where('school_id', '=', schoolId);
  let roles = db.selectFrom('person_role').select(['person_id', 'role']).where('school_id', '=', schoolId);
  let lines = db.selectFrom('line_member').select(['person_id', 'line_id']).where('school_id', '=', schoolId);
  if (options.ids) {
    const ids = [...options.ids];
    people = people.where('id', 'in', ids);
    roles = roles.where('person_id', 'in', ids);
    lines = lines.where('person_id', 'in', ids);
  }
  const [personRows, roleRows, lineRows] = await Promise.all([
    people.orderBy('last_name').orderBy('first_name').execute(),
    roles.execute(),
    lines.execute(),
  ]);
  const rolesOf = new Map<string, string[]>();
  for (const row of roleRows) rolesOf.set(row.person_id, [...(rolesOf.get(row.person_id) ?? []), row.role]);
  const linesOf = new Map<string, string[]>();
  for (const row of lineRows)
    linesOf.set(row.person_id, [...(linesOf.get(row.person_id) ?? []), row.line_id]);
  return personRows.map((row) => ({
    id: row.id,
    name: personName(row),
    email: row.email,
    phone: row.phone,
    room: row.room,
    memberOf: linesOf.get(row.id) ?? [],
    roles: parseRoles(rolesOf.get(row.id) ?? [], options.warn),
    hasLogin: row.user_id !== null,
    userMutableData: mutableData(row),
  }));
}
