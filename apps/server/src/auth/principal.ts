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

export async function findDirectoryEntry(db: Db, userId: string, warn: (message: string) => void) {
  const person = await db
    .selectFrom('person')
    .select(['id', 'school_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!person) return undefined;
  const roleRows = await db.selectFrom('person_role').select('role').where('person_id', '=', person.id).execute();
  return {
    personId: person.id,
    schoolId: person.school_id,
    roles: parseRoles(
      roleRows.map((row) => row.role),
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
  const session = await deps.auth.api.getSession({ headers: authHeaders(headers) });
  if (!session) throw new ProblemError('unauthenticated', 'User is not authenticated');
  const entry = await findDirectoryEntry(deps.db, session.user.id, warn);
  if (!entry) throw new ProblemError('not-in-directory', 'User not in userdirect?');
  return { userId: session.user.id, ...entry };
}
