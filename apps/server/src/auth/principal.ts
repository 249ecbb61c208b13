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

/** The person an account is in the school directory, with their roles: one query per request. */
export async function findDirectoryEntry(db: Db, userId: string, warn: (message: string) => void) {
  const rows = await db
    .selectFrom('person')
    .leftJoin('person_role', 'person_role.person_id', 'person.id')
    .select(['person.id', 'person.school_id', 'person_role.role'])
    .where('person.user_id', '=', userId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    personId: first.id,
    schoolId: first.school_id,
    roles: parseRoles(
      rows.flatMap((row) => (row.role === null ? [] : [row.role])),
      warn,
    ),
  };
}

/**
 * Resolves the principal of a request, or fails with SPEC §8's errors: no session is
 * 'User is not authenticated' (401); an account without a school is 'User not in userdirect?' (403).
 */
export async function resolvePrincipal(
  deps: { auth: Auth; db: Db },
  headers: IncomingHttpHeaders,
  warn: (message: string) => void,
): Promise<RequestPrincipal> {
  if (!headers.cookie) throw new ProblemError('unauthenticated', 'User is not authenticated');
  // No cookie cache: a session that was signed out must stop working at once, everywhere.
  const session = await deps.auth.api.getSession({ headers: authHeaders(headers) });
  if (!session) throw new ProblemError('unauthenticated', 'User is not authenticated');
  const entry = await findDirectoryEntry(deps.db, session.user.id, warn);
  if (!entry) throw new ProblemError('not-in-directory', 'User not in userdirect?');
  return { userId: session.user.id, ...entry };
}
