import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseRoles, type Principal, type Role, SPEC_MESSAGES } from '@tun/shared';
import type { Db } from '../db/database';
import { ProblemError } from '../http/problem';
import type { Auth } from './auth';
import { directoryRows, sessionIdByToken, sessionRows } from './auth.repository';

/** Who is asking: the signed-in account, the person it is in the school directory, their roles. */
export interface RequestPrincipal extends Principal {
  /** The session asked with; a live stream ends with it. */
  sessionId: string;
  userId: string;
  personId: string;
  schoolId: string;
  roles: Role[];
}

/** Only what better-auth needs to find the session: the cookie (and the agent, for its records). */
export function authHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  if (headers.cookie) result.set('cookie', headers.cookie);
  if (headers['user-agent']) result.set('user-agent', headers['user-agent']);
  return result;
}

function rolesOf(rows: { role: string | null }[], warn: (message: string) => void): Role[] {
  return parseRoles(
    rows.flatMap((row) => (row.role === null ? [] : [row.role])),
    warn,
  );
}

/** The person an account is in the school directory, with their roles: one query. */
export async function findDirectoryEntry(db: Db, userId: string, warn: (message: string) => void) {
  // Someone who has left the school signs in no more (docs/decisions/011-leaving-and-erasure.md).
  const rows = await directoryRows(db, userId);
  const first = rows[0];
  if (!first) return undefined;
  return { personId: first.id, schoolId: first.school_id, roles: rolesOf(rows, warn) };
}

export function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The token of a cookie signed as better-auth signs it: `token.base64(HMAC-SHA256(secret, token))`. */
function verifiedToken(raw: string, secret: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

const unauthenticated = () => new ProblemError('unauthenticated', SPEC_MESSAGES.unauthenticated);

/**
 * Resolves who is asking, or fails with SPEC §8's errors: no valid session is 'User is not
 * authenticated' (401); an account without a school is 'User not in userdirect?' (403).
 *
 * Every authenticated request passes here, so the common case is one query: the signed
 * cookie is checked as better-auth checks it, then session, person and roles are read
 * together. When the session is due to be extended, better-auth's getSession does that (and
 * sets the renewed cookie). A session that is signed out or expired stops at once.
 */
export async function resolvePrincipal(
  deps: { auth: Auth; db: Db },
  headers: IncomingHttpHeaders,
  warn: (message: string) => void,
  setCookies: (cookies: string[]) => void,
): Promise<RequestPrincipal> {
  const context = await deps.auth.$context;
  const token = await sessionToken(deps.auth, headers);
  if (!token) throw unauthenticated();

  const rows = await sessionRows(deps.db, { token });
  const first = rows[0];
  if (!first) throw unauthenticated();
  const expiresAt = new Date(first.expiresAt).getTime();
  const now = Date.now();
  if (!(expiresAt > now)) throw unauthenticated();

  const { expiresIn, updateAge } = context.sessionConfig;
  if (expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) {
    const renewed = await deps.auth.api.getSession({ headers: authHeaders(headers), returnHeaders: true });
    if (!renewed.response) throw unauthenticated();
    setCookies(renewed.headers.getSetCookie());
  }

  if (first.id === null || first.school_id === null || first.left_on !== null) {
    throw new ProblemError('not-in-directory', SPEC_MESSAGES.notInDirectory);
  }
  return {
    sessionId: first.sessionId,
    userId: first.userId,
    personId: first.id,
    schoolId: first.school_id,
    roles: rolesOf(rows, warn),
  };
}

/**
 * Session cookies whose signature has been checked, per auth instance (each has its secret): raw
 * value → token. Every request of a session carries the same cookie, and its HMAC was some 5 % of
 * the server's time for an answer it keeps (profiled under the bench). Only cookies that verified
 * are kept, so forgeries cannot fill it; the oldest goes first. The session itself is still read
 * on every request (decision 031: no cache of sessions), so an ended session stops at once.
 */
const verifiedCookies = new WeakMap<Auth, Map<string, string>>();
const VERIFIED_COOKIES_KEPT = 10_000;

/** The verified token of the request's session cookie, if it has one. */
async function sessionToken(auth: Auth, headers: IncomingHttpHeaders): Promise<string | undefined> {
  const context = await auth.$context;
  const raw = headers.cookie && readCookie(headers.cookie, context.authCookies.sessionToken.name);
  if (!raw) return undefined;
  let verified = verifiedCookies.get(auth);
  if (!verified) verifiedCookies.set(auth, (verified = new Map()));
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const token = verifiedToken(raw, context.secret);
  if (!token) return undefined;
  if (verified.size >= VERIFIED_COOKIES_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(raw, token);
  return token;
}

/**
 * Whether the request carries a session cookie at all, valid or not: enough for the page's HTML to
 * name what a signed-in page fetches first (web/route-preloads.ts); the API decides the rest.
 */
export async function carriesSessionCookie(auth: Auth, headers: IncomingHttpHeaders): Promise<boolean> {
  const context = await auth.$context;
  return Boolean(headers.cookie && readCookie(headers.cookie, context.authCookies.sessionToken.name));
}

/** The id of the session the request's cookie names, if the session exists (for signing out). */
export async function sessionIdOf(
  deps: { auth: Auth; db: Db },
  headers: IncomingHttpHeaders,
): Promise<string | undefined> {
  const token = await sessionToken(deps.auth, headers);
  if (!token) return undefined;
  return sessionIdByToken(deps.db, token);
}

/**
 * Whether a principal resolved earlier still holds: the session unexpired and not signed out,
 * the same person, still at the school, with the same roles. A live stream asks this, since it
 * keeps the rights it was opened with.
 */
export async function principalHolds(
  db: Db,
  principal: RequestPrincipal,
  warn: (message: string) => void,
): Promise<boolean> {
  const rows = await sessionRows(db, { sessionId: principal.sessionId });
  const first = rows[0];
  if (!first || !(new Date(first.expiresAt).getTime() > Date.now())) return false;
  if (first.id !== principal.personId || first.school_id !== principal.schoolId || first.left_on !== null) {
    return false;
  }
  const roles = new Set(rolesOf(rows, warn));
  return roles.size === new Set(principal.roles).size && principal.roles.every((role) => roles.has(role));
}
