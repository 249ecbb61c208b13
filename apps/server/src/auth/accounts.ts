import { randomUUID } from 'node:crypto';
import type { Dialect, Queryable } from '../db/database';
import type { Auth } from './auth';
import { insertCredentialUser } from './auth.repository';

/**
 * Creates a sign-in account with a password inside the caller's transaction, so that a person
 * and their account are written together or not at all. The rows have better-auth's shape
 * (dates as ISO text and booleans as 0/1 on SQLite, as its Kysely adapter stores them); a test
 * signs in with an account made here to keep the two in step.
 */
export async function createCredentialAccount(
  trx: Queryable,
  deps: { auth: Auth; dialect: Dialect },
  input: { email: string; name: string; password: string },
): Promise<string> {
  const context = await deps.auth.$context;
  const hash = await context.password.hash(input.password);
  const userId = randomUUID();
  const now = new Date();
  const at = deps.dialect === 'sqlite' ? now.toISOString() : now;
  await insertCredentialUser(trx, {
    userId,
    accountId: randomUUID(),
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: deps.dialect === 'sqlite' ? 0 : false,
    hash,
    at,
  });
  return userId;
}
