import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseRoles, type Principal, type Role } from '@tun/shared';
import type { Db } from '../db/database';
import { ProblemError } from '../http/problem';
import type { Auth } from './auth';

/** Who is asking: the signed-in account, the person it is in the school directory, their roles. */
export interface RequestPrincipal extends Principal {
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
  const rows = await db
    .selectFrom('person')
    .leftJoin('person_role', 'person_role.person_id', 'person.id')
    .select(['person.id', 'person.school_id', 'person_role.role'])
    .where('person.user_id', '=', userId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return { personId: first.id, schoolId: first.school_id, roles: rolesOf(rows, warn) };
}

function readCookie(header: string, name: string): string | undefined {
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

const unauthenticated = () => new ProblemError('unauthenticated', 'User is not authenticated');

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
  const raw = headers.cookie && readCookie(headers.cookie, context.authCookies.sessionToken.name);
  const token = raw && verifiedToken(raw, context.secret);
  if (!token) throw unauthenticated();

  const rows = await deps.db
    .selectFrom('session')
    .leftJoin('person', 'person.user_id', 'session.userId')
    .leftJoin('person_role', 'person_role.person_id', 'person.id')
    .select(['session.userId', 'session.expiresAt', 'person.id', 'person.school_id', 'person_role.role'])
    .where('session.token', '=', token)
    .execute();
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

  if (first.id === null || first.school_id === null) {
    throw new ProblemError('not-in-directory', 'User not in userdirect?');
  }
  return { userId: first.userId, personId: first.id, schoolId: first.school_id, roles: rolesOf(rows, warn) };
}
