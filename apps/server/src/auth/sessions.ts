/**
 * Sessions opened without a password: a paired TV gets one of its screen's TV account
 * (modules/screens). The session is better-auth's own, made by its internal adapter, and the
 * cookie is signed and set exactly as better-auth sets it after a sign-in, so that everything
 * else (resolvePrincipal, renewal on use, sign-out) treats it like any other session.
 */
import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { Auth } from './auth';
import type { SignInMethod } from '@tun/shared';
import { deleteSessionById, deleteSessionsOfUser, setSessionMethod } from './auth.repository';

export interface OpenedSession {
  sessionId: string;
  /** The Set-Cookie header that carries it. */
  cookie: string;
}

/** `token.base64(HMAC-SHA256(secret, token))`, URI-encoded: better-call's signed cookie value. */
function signedValue(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

export async function openSession(
  deps: { auth: Auth; db: Queryable },
  userId: string,
  client: { ipAddress: string; userAgent: string; method: SignInMethod },
): Promise<OpenedSession> {
  const context = await deps.auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
  });
  if (!session) throw new Error('better-auth made no session');
  // better-auth keeps only the fields it knows when it creates a session.
  await setSessionMethod(deps.db, { sessionId: session.id }, client.method);
  const { name, attributes } = context.authCookies.sessionToken;
  const parts = [
    `${name}=${signedValue(session.token, context.secret)}`,
    `Max-Age=${Math.floor(context.sessionConfig.expiresIn)}`,
    `Path=${attributes.path ?? '/'}`,
  ];
  if (attributes.httpOnly) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  if (attributes.sameSite) {
    const sameSite = String(attributes.sameSite);
    parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  }
  return { sessionId: session.id, cookie: parts.join('; ') };
}

/**
 * Ends every session of the account, in the caller's transaction. Returns their ids: once the
 * transaction commits, `LiveBus.endSessions` closes their live streams on every instance.
 */
export async function endSessionsOfUser(trx: Queryable, userId: string): Promise<string[]> {
  return deleteSessionsOfUser(trx, userId);
}

/** Ends one session (its live streams end with `LiveBus.endSessions` after the commit). */
export async function endSession(trx: Queryable, sessionId: string): Promise<void> {
  await deleteSessionById(trx, sessionId);
}
