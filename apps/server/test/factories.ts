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
import { createCredentialAccount } from '../src/auth/accounts';
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

/** A person of the school with the given roles and, unless told otherwise, a login. */
export async function createMember(
  t: TestApp,
  schoolId: string,
  roles: Role[],
  options: { login?: boolean } = {},
) {
  counter += 1;
  const email = `person${counter}-${randomUUID().slice(0, 8)}@fjordtun.no`;
  const name = { first: 'Test', last: `Person${counter}` };
  const personId = await write(t.ctx, schoolId, async (trx) => {
    const userId =
      options.login === false
        ? null
        : await createCredentialAccount(
            trx,
            { auth: t.ctx.auth, dialect: t.ctx.database.dialect },
            { email, name: fullName(name), password: PASSWORD },
          );
    const id = await insertPerson(trx, { schoolId, userId, name, email });
    await addRoles(trx, schoolId, id, roles);
    return id;
  });
  return { personId, email };
}

/** An account that belongs to no school (no directory entry). */
export async function createOrphanAccount(t: TestApp) {
  const email = `orphan-${randomUUID().slice(0, 8)}@example.no`;
  await write(t.ctx, 'none', (trx) =>
    createCredentialAccount(
      trx,
      { auth: t.ctx.auth, dialect: t.ctx.database.dialect },
      { email, name: 'Uten Skole', password: PASSWORD },
    ),
  );
  return email;
}

/** Signs in and returns the cookie header for further requests. */
export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed (${response.statusCode}): ${response.body}`);
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
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

/** A line (the SPEC's group of students with its own subject). */
export async function insertLine(
  t: TestApp,
  schoolId: string,
  options: { name?: string; shortName?: string; mainRoom?: string | null; color?: ColorTheme } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  const name = options.name ?? `Linje ${id.slice(0, 4)}`;
  await write(t.ctx, schoolId, (trx) =>
    trx
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
      .execute(),
  );
  return id;
}

/** An elective. */
export async function insertElective(
  t: TestApp,
  schoolId: string,
  options: { name?: string; mainRoom?: string | null; color?: ColorTheme } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await write(t.ctx, schoolId, (trx) =>
    trx
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
      .execute(),
  );
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

/**
 * A person without a login (most students never sign in during the tests), with the details a
 * directory test needs; `createMember` makes one who signs in.
 */
export async function createPerson(
  t: TestApp,
  schoolId: string,
  options: {
    roles?: string[];
    first?: string;
    middle?: string;
    last?: string;
    room?: string | null;
    email?: string | null;
    phone?: string | null;
  } = {},
) {
  counter += 1;
  const number = counter;
  return write(t.ctx, schoolId, async (trx) => {
    const id = await insertPerson(trx, {
      schoolId,
      userId: null,
      name: {
        first: options.first ?? 'Elev',
        ...(options.middle ? { middle: options.middle } : {}),
        last: options.last ?? `Nummer${number}`,
      },
      email:
        options.email === undefined ? `elev${number}-${randomUUID().slice(0, 6)}@fjordtun.no` : options.email,
      phone: options.phone === undefined ? '912 34 567' : options.phone,
      room: options.room ?? null,
    });
    // Unknown role ids are written as they come, as an old or foreign directory might hold them.
    const known = (options.roles ?? []) as Parameters<typeof addRoles>[3];
    await addRoles(trx, schoolId, id, known);
    return id;
  });
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
