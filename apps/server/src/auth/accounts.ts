import { randomUUID } from 'node:crypto';
import type { Dialect, Queryable } from '../db/database';
import type { Auth } from './auth';
import { insertCredentialUser, insertUserWithoutCredential } from './auth.repository';

/**
 * A password as sign-in keeps it. Hash before opening the transaction the account is written
 * in: hashing is slow on purpose, and SQLite has one writer.
 */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/**
 * Creates a sign-in account with a password inside the caller's transaction, so that a person
 * and their account are written together or not at all. The rows have better-auth's shape
 * (dates as ISO text and booleans as 0/1 on SQLite, as its Kysely adapter stores them); a test
 * signs in with an account made here to keep the two in step.
 */
export async function createCredentialAccount(
  trx: Queryable,
  dialect: Dialect,
  input: { email: string; name: string; passwordHash: string },
): Promise<string> {
  const userId = randomUUID();
  const now = new Date();
  const at = dialect === 'sqlite' ? now.toISOString() : now;
  await insertCredentialUser(trx, {
    userId,
    accountId: randomUUID(),
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: dialect === 'sqlite' ? 0 : false,
    hash: input.passwordHash,
    at,
  });
  return userId;
}

/**
 * A sign-in account with no password, inside the caller's transaction: a TV account, whose only
 * way in is a pairing approved by an admin. better-auth wants an address on every user; this one
 * is under `.invalid` (RFC 2606), so it can never receive mail nor be someone's real address.
 */
export async function createAccountWithoutPassword(
  trx: Queryable,
  dialect: Dialect,
  input: { name: string },
): Promise<string> {
  const userId = randomUUID();
  const now = new Date();
  await insertUserWithoutCredential(trx, {
    userId,
    name: input.name,
    email: `tv-${userId}@screens.invalid`,
    emailVerified: dialect === 'sqlite' ? 0 : false,
    at: dialect === 'sqlite' ? now.toISOString() : now,
  });
  return userId;
}
