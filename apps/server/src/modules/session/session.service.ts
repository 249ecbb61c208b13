import type { IncomingHttpHeaders } from 'node:http';
import {
  grantsOf,
  SIGN_IN_METHODS,
  type Session,
  type SignedInSession,
  type SignInMethod,
  SPEC_MESSAGES,
} from '@tun/shared';
import { authHeaders, findDirectoryEntry, sessionIdOf, type RequestPrincipal } from '../../auth/principal';
import { setSessionMethod } from '../../auth/auth.repository';
import { endSessionsOfUser, openSession } from '../../auth/sessions';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/rows';
import { ProblemError } from '../../http/problem';
import { sessionApp } from '../app-settings/app-settings.service';
import { findPerson, mutableData } from '../people/directory.service';
import { findSchool } from '../school/school.service';
import { write } from '../../db/write';
import { recordAudit } from '../audit/audit.service';
import { refuseIfSsoRequired } from '../sso/sso.service';
import { deleteSession, deleteSessionsOf, openSessionsOf } from './session.repository';

/**
 * The session as the web app needs it: who, which school, what they may do, and the school's app
 * (the features switched on, its name, colour and logo).
 */
export async function describeSession(
  db: Queryable,
  principal: Pick<RequestPrincipal, 'personId' | 'schoolId' | 'roles'>,
): Promise<Session> {
  const [person, school] = await Promise.all([
    findPerson(db, principal.schoolId, principal.personId),
    findSchool(db, principal.schoolId),
  ]);
  if (!person) throw new ProblemError('not-in-directory', SPEC_MESSAGES.notInDirectory);
  if (!school) throw new ProblemError('not-found', SPEC_MESSAGES.schoolMissing);
  const app = await sessionApp(db, { id: school.id, shortName: school.short_name });
  return {
    user: {
      id: person.id,
      name: personName(person),
      email: person.email,
      roles: principal.roles,
      userMutableData: mutableData(person),
    },
    school: { id: school.id, shortName: school.short_name, longName: school.long_name },
    ...grantsOf(principal.roles),
    ...app,
  };
}

/**
 * Signs the request's session out (better-auth deletes it and clears the cookie) and ends its
 * live streams on every instance. Returns better-auth's answer, whose cookies go to the client.
 */
export async function signOut(
  ctx: Pick<AppContext, 'auth' | 'database' | 'live'>,
  headers: IncomingHttpHeaders,
): Promise<Response> {
  const sessionId = await sessionIdOf({ auth: ctx.auth, db: ctx.database.db }, headers);
  const response = await ctx.auth.api.signOut({ headers: authHeaders(headers), asResponse: true });
  if (sessionId) await ctx.live.endSessions([sessionId]);
  return response;
}

/** A session better-auth opened for an account that belongs to no school is taken back. */
export async function dropSession(db: Queryable, token: string): Promise<void> {
  await deleteSession(db, token);
}

/**
 * Opens a session for an account that has proven itself without a password (a sign-in link, a
 * passkey, a provider), for a person in a school's directory, unless the school requires its
 * staff to use its provider; the answer carries the cookie to set.
 */
export async function openSignedInSession(
  ctx: Pick<AppContext, 'auth' | 'database'>,
  userId: string,
  client: { ipAddress: string; userAgent: string; method: SignInMethod; warn: (message: string) => void },
): Promise<{ cookie: string; session: Session }> {
  const { db } = ctx.database;
  const entry = await findDirectoryEntry(db, userId, client.warn);
  if (!entry) throw new ProblemError('not-in-directory', SPEC_MESSAGES.notInDirectory);
  await refuseIfSsoRequired(db, entry, client.method);
  const opened = await openSession({ auth: ctx.auth, db }, userId, client);
  return { cookie: opened.cookie, session: await describeSession(db, entry) };
}

/**
 * A password sign-in: its session says how it was opened, and the school's audit has it as it
 * has a link's or a passkey's (the method tells them apart).
 */
export async function recordPasswordSignIn(
  db: Queryable,
  entry: Pick<RequestPrincipal, 'personId' | 'schoolId'>,
  sessionToken: string,
): Promise<void> {
  await setSessionMethod(db, { token: sessionToken }, 'password');
  await recordAudit(db, {
    schoolId: entry.schoolId,
    actorPersonId: entry.personId,
    action: 'sign-in',
    entity: 'person',
    entityId: entry.personId,
    after: { method: 'password' },
  });
}

/** better-auth's instants: ISO text on SQLite, Date on PostgreSQL. */
function isoOf(value: string | Date): string {
  return new Date(value).toISOString();
}

function methodOf(value: string | null): SignInMethod | null {
  return SIGN_IN_METHODS.find((method) => method === value) ?? null;
}

/** The signed-in account's open sessions, newest first, the request's own marked. */
export async function sessionsOfPrincipal(
  ctx: Pick<AppContext, 'database'>,
  principal: Pick<RequestPrincipal, 'userId' | 'sessionId'>,
): Promise<SignedInSession[]> {
  const { db, dialect } = ctx.database;
  const now = new Date();
  const rows = await openSessionsOf(db, principal.userId, dialect === 'sqlite' ? now.toISOString() : now);
  return rows.map((row) => ({
    id: row.id,
    method: methodOf(row.signInMethod),
    userAgent: row.userAgent,
    createdAt: isoOf(row.createdAt),
    current: row.id === principal.sessionId,
  }));
}

/**
 * Ends one of the account's own sessions, or all but the request's own, and their live streams
 * on every instance. Answers how many ended; one that is not the account's is not found.
 */
export async function endOwnSessions(
  ctx: Pick<AppContext, 'database' | 'live'>,
  principal: Pick<RequestPrincipal, 'userId' | 'sessionId'>,
  which: { id: string } | 'others',
): Promise<number> {
  const ended = await deleteSessionsOf(
    ctx.database.db,
    principal.userId,
    which === 'others' ? { except: principal.sessionId } : { ids: [which.id] },
  );
  if (which !== 'others' && ended.length === 0) throw new ProblemError('not-found');
  await ctx.live.endSessions(ended);
  return ended.length;
}

/**
 * An admin signs a person out on every device (a lost phone): their account's sessions end, with
 * their live streams on every instance. Answers how many ended; another school's person is not
 * found.
 */
export async function endSessionsOfPerson(
  ctx: Pick<AppContext, 'database' | 'live'>,
  actor: Pick<RequestPrincipal, 'schoolId' | 'personId'>,
  personId: string,
): Promise<number> {
  const { db } = ctx.database;
  const person = await findPerson(db, actor.schoolId, personId);
  if (!person) throw new ProblemError('not-found');
  const userId = person.user_id;
  const ended = await write(ctx, actor.schoolId, async (trx) => {
    const ids = userId === null ? [] : await endSessionsOfUser(trx, userId);
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'sign-out-everywhere',
      entity: 'person',
      entityId: personId,
      after: { sessions: ids.length },
    });
    return ids;
  });
  await ctx.live.endSessions(ended);
  return ended.length;
}
