import { randomUUID } from 'node:crypto';
import type { Dialect, Queryable } from '../db/database';
import type { Auth } from './auth';
import {
  findUserByEmail,
  insertCredentialUser,
  insertUserWithoutCredential,
  isHeldByPerson,
  markEmailVerified,
  takeOverAccount,
} from './auth.repository';

/** better-auth's stored shape of a flag and an instant: 0/1 and ISO text on SQLite. */
function storedShape(dialect: Dialect, verified: boolean) {
  const now = new Date();
  return {
    verified: dialect === 'sqlite' ? Number(verified) : verified,
    at: dialect === 'sqlite' ? now.toISOString() : now,
  };
}

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

/**
 * The account of someone who has just shown they read the mailbox (a sign-in link was opened),
 * inside the caller's transaction: the address is marked verified on their account; a person
 * without one gets one without a password; an account no person holds any more (its person was
 * deleted) is taken over without the access it had. Undefined when another person's account
 * has the address: sign-in addresses are one per installation.
 */
export async function accountForMailbox(
  trx: Queryable,
  dialect: Dialect,
  input: { userId: string | null; email: string; name: string },
): Promise<{ userId: string; created: boolean } | undefined> {
  const stored = storedShape(dialect, true);
  if (input.userId !== null) {
    await markEmailVerified(trx, input.userId, stored);
    return { userId: input.userId, created: false };
  }
  const existing = await findUserByEmail(trx, input.email);
  if (existing) {
    if (await isHeldByPerson(trx, existing.id)) return undefined;
    await takeOverAccount(trx, existing.id, stored);
    return { userId: existing.id, created: false };
  }
  const userId = randomUUID();
  await insertUserWithoutCredential(trx, {
    userId,
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: stored.verified,
    at: stored.at,
  });
  return { userId, created: true };
}

/**
 * The account of a person a provider has vouched for (single sign-on), inside the caller's
 * transaction: their own, or a new one without a password. The person's address goes on it when
 * no account has it; otherwise one under `.invalid` (RFC 2606), since better-auth wants one and
 * a provider's sign-in never proves a mailbox.
 */
export async function accountForPerson(
  trx: Queryable,
  dialect: Dialect,
  input: { userId: string | null; email: string | null; name: string },
): Promise<{ userId: string; created: boolean }> {
  if (input.userId !== null) return { userId: input.userId, created: false };
  const userId = randomUUID();
  const free = input.email !== null && !(await findUserByEmail(trx, input.email));
  const stored = storedShape(dialect, false);
  await insertUserWithoutCredential(trx, {
    userId,
    name: input.name,
    email: free && input.email ? input.email.toLowerCase() : `sso-${userId}@accounts.invalid`,
    emailVerified: stored.verified,
    at: stored.at,
  });
  return { userId, created: true };
}
