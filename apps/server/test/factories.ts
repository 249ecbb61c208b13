import { randomUUID } from 'node:crypto';
import {
  AUDIENCES as AUDIENCE_LIST,
  type ColorTheme,
  type LiveTopic,
  fullName,
  rolesOfAudience,
  type Role,
  type SetupInput,
} from '@tun/shared';
import { createCredentialAccount, hashPassword } from '../src/auth/accounts';
import { nowIso } from '../src/db/database';
import type { LiveEvent } from '../src/live/bus';
import { write } from '../src/db/write';
import { addRoles, insertPerson } from '../src/modules/people/people.repository';
import { addSchool } from '../src/modules/school/school.service';
import type { TestApp } from './helper';

export const PASSWORD = 'riktig-passord-123';

export const setupInput = (overrides: Partial<SetupInput['admin']> = {}): SetupInput => ({
  school: { shortName: 'Fjordtun', longName: 'Fjordtun folkehøgskole' },
  admin: {
    name: { first: 'Astrid', last: 'Rektor' },
    email: 'rektor@fjordtun.no',
    password: PASSWORD,
    ...overrides,
  },
});

/** Runs the first-run wizard through the API; returns the school and the admin's cookie. */
export async function setupSchool(t: TestApp) {
  const input = setupInput();
  const response = await t.request({ method: 'POST', url: '/api/v1/setup', payload: input });
  if (response.statusCode !== 201) throw new Error(`setup failed: ${response.body}`);
  const { schoolId, personId } = response.json<{ schoolId: string; personId: string }>();
  return { schoolId, adminId: personId, adminCookie: await login(t, input.admin.email, PASSWORD) };
}

/** A school made directly in the database (the wizard makes only the first). */
export async function createSchool(t: TestApp, shortName = 'Nabotun') {
  const schoolId = randomUUID();
  await write(t.ctx, schoolId, (trx) =>
    addSchool(trx, { id: schoolId, shortName, longName: `${shortName} folkehøgskole` }),
  );
  return schoolId;
}

let counter = 0;

/** What a test may say about the person it makes; the rest is made up, unique per person. */
interface PersonOptions {
  /** Role ids; an unknown one is written as it comes, as an old or foreign directory might hold it. */
  roles?: readonly string[];
  /** An account that signs in with the e-mail and PASSWORD. Off by default: hashing is slow. */
  login?: boolean;
  first?: string;
  middle?: string;
  last?: string;
  room?: string | null;
  /** A made-up unique address unless given; null for none (and so no login). */
  email?: string | null;
  phone?: string | null;
  feideId?: string | null;
}

/**
 * A person of the school, written straight to the directory: the one builder of people. With
 * `login: true` they get an account to sign in with (`login(t, email)`); most students never
 * sign in during the tests.
 */
export async function createPerson(
  t: TestApp,
  schoolId: string,
  options: PersonOptions & { email: null },
): Promise<{ personId: string; email: null }>;
export async function createPerson(
  t: TestApp,
  schoolId: string,
  options?: PersonOptions & { email?: string },
): Promise<{ personId: string; email: string }>;
export async function createPerson(t: TestApp, schoolId: string, options: PersonOptions = {}) {
  counter += 1;
  const email =
    options.email === undefined ? `person${counter}-${randomUUID().slice(0, 8)}@fjordtun.no` : options.email;
  const name = {
    first: options.first ?? 'Test',
    ...(options.middle ? { middle: options.middle } : {}),
    last: options.last ?? `Person${counter}`,
  };
  if (options.login && email === null) throw new Error('a person who signs in needs an e-mail');
  const passwordHash = options.login ? await hashPassword(t.ctx.auth, PASSWORD) : null;
  const personId = await write(t.ctx, schoolId, async (trx) => {
    const userId = passwordHash
      ? await createCredentialAccount(trx, t.ctx.database.dialect, {
          email: email!,
          name: fullName(name),
          passwordHash,
        })
      : null;
    const id = await insertPerson(trx, {
      schoolId,
      userId,
      name,
      email,
      phone: options.phone ?? null,
      room: options.room ?? null,
      feideId: options.feideId ?? null,
    });
    await addRoles(trx, schoolId, id, (options.roles ?? []) as Role[]);
    return id;
  });
  return { personId, email };
}

/** An account that belongs to no school (no directory entry). */
export async function createOrphanAccount(t: TestApp) {
  const email = `orphan-${randomUUID().slice(0, 8)}@example.no`;
  const passwordHash = await hashPassword(t.ctx.auth, PASSWORD);
  await write(t.ctx, 'none', (trx) =>
    createCredentialAccount(trx, t.ctx.database.dialect, { email, name: 'Uten Skole', passwordHash }),
  );
  return email;
}

/** Signs in and returns the cookie header for further requests. */
export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed (${response.statusCode}): ${response.body}`);
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** A request as a signed-in person, with the answer's status and JSON body. */
export async function callApi<T = unknown>(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
}

/** Every audience of the permission table, with the roles that make it. */
export const AUDIENCES = AUDIENCE_LIST.map((name) => ({ name, roles: rolesOfAudience(name) }));

// Rows written straight to the database, one builder per entity, so that a module's tests do not
// depend on another module's routes.

/** A room. */
export async function insertRoom(t: TestApp, schoolId: string, name = `Rom ${randomUUID().slice(0, 4)}`) {
  const id = randomUUID();
  const now = nowIso();
  await write(t.ctx, schoolId, (trx) =>
    trx
      .insertInto('room')
      .values({ id, school_id: schoolId, name, created_at: now, updated_at: now })
      .execute(),
  );
  return id;
}

/** A line (the SPEC's group of students with its own subject), with its members. */
export async function insertLine(
  t: TestApp,
  schoolId: string,
  options: {
    name?: string;
    shortName?: string;
    mainRoom?: string | null;
    color?: ColorTheme;
    members?: string[];
  } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  const name = options.name ?? `Linje ${id.slice(0, 4)}`;
  const members = options.members ?? [];
  await write(t.ctx, schoolId, async (trx) => {
    await trx
      .insertInto('line')
      .values({
        id,
        school_id: schoolId,
        name,
        short_name: options.shortName ?? name.slice(0, 10),
        color: options.color ?? 'blue',
        main_room_id: options.mainRoom ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (members.length > 0) {
      await trx
        .insertInto('line_member')
        .values(members.map((personId) => ({ line_id: id, person_id: personId, school_id: schoolId })))
        .execute();
    }
  });
  return id;
}

/**
 * Puts people on a line that exists, announced as the lines module announces it: answers kept
 * from before (a sheet, a calendar) follow at once, whatever another test read earlier.
 */
export async function addLineMembers(t: TestApp, schoolId: string, lineId: string, personIds: string[]) {
  await write(t.ctx, schoolId, async (trx, publish) => {
    await trx
      .insertInto('line_member')
      .values(personIds.map((personId) => ({ line_id: lineId, person_id: personId, school_id: schoolId })))
      .execute();
    publish('lines', [lineId]);
    publish('people', personIds);
  });
}

/** An elective, with its members. */
export async function insertElective(
  t: TestApp,
  schoolId: string,
  options: { name?: string; mainRoom?: string | null; color?: ColorTheme; members?: string[] } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  const members = options.members ?? [];
  await write(t.ctx, schoolId, async (trx) => {
    await trx
      .insertInto('elective')
      .values({
        id,
        school_id: schoolId,
        name: options.name ?? `Valgfag ${id.slice(0, 4)}`,
        color: options.color ?? 'green',
        main_room_id: options.mainRoom ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (members.length > 0) {
      await trx
        .insertInto('elective_member')
        .values(members.map((personId) => ({ elective_id: id, person_id: personId, school_id: schoolId })))
        .execute();
    }
  });
  return id;
}

/**
 * A temporary group, so that a test can have one whose end date lies in the past (the API
 * refuses to create those).
 */
export async function insertGroup(
  t: TestApp,
  schoolId: string,
  group: { name: string; endDate: string | null; members?: string[] },
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await t.ctx.database.db
    .insertInto('temp_group')
    .values({
      id,
      school_id: schoolId,
      name: group.name,
      end_date: group.endDate,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const members = group.members ?? [];
  if (members.length > 0) {
    await t.ctx.database.db
      .insertInto('temp_group_member')
      .values(members.map((personId) => ({ group_id: id, person_id: personId, school_id: schoolId })))
      .execute();
  }
  return id;
}

// The live announcements a request made: read from the table, or heard on the bus.

/** The newest live event id, to read what a request announced after it. */
export async function lastLiveEventId(t: TestApp): Promise<number> {
  const row = await t.ctx.database.db
    .selectFrom('live_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Every school's live announcements after `afterId`. */
export async function liveEventsAfter(t: TestApp, afterId: number) {
  const rows = await t.ctx.database.db
    .selectFrom('live_event')
    .select(['topic', 'ids', 'school_id'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    topic: row.topic,
    ids: JSON.parse(row.ids) as string[],
    schoolId: row.school_id,
  }));
}

/** One school's live announcements after `afterId`, as {topic, ids}. */
export async function liveEventsSince(t: TestApp, schoolId: string, afterId: number) {
  const rows = await t.ctx.database.db
    .selectFrom('live_event')
    .select(['topic', 'ids'])
    .where('school_id', '=', schoolId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ topic: row.topic as LiveTopic, ids: JSON.parse(row.ids) as string[] }));
}

/**
 * Listens on the live bus of the test app; `next` waits for an event that matches. Only events
 * written from now on count: on PostgreSQL an earlier write's NOTIFY may still be on its way.
 */
export async function listenLive(t: TestApp, schoolId: string) {
  const latest = await t.ctx.database.db
    .selectFrom('live_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const after = Number(latest?.id ?? 0);
  const received: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const unsubscribe = t.ctx.live.subscribe(schoolId, (event) => {
    if (event.id <= after) return;
    received.push(event);
    for (const waiter of waiters) waiter();
  });
  return {
    received,
    close: unsubscribe,
    next: (match: (event: LiveEvent) => boolean, timeoutMs = 5000) =>
      new Promise<LiveEvent>((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live event in ${timeoutMs} ms: ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

/**
 * A barrier before asserting that nothing was announced: makes a write the school's subscribers
 * hear (a new long name, by an admin of the school) and waits for it. The bus delivers a school's
 * events in the order they were written, so anything an earlier write announced has arrived by
 * then. Answers the marker's event.
 */
export async function untilAnnounced(
  t: TestApp,
  live: Awaited<ReturnType<typeof listenLive>>,
  adminCookie: string,
): Promise<LiveEvent> {
  const marked = await t.request({
    method: 'PATCH',
    url: '/api/v1/school',
    cookie: adminCookie,
    payload: { longName: `Merket ${randomUUID()}` },
  });
  if (marked.statusCode !== 200) throw new Error(`the marker write failed: ${marked.body}`);
  return live.next((event) => event.topic === 'school');
}
