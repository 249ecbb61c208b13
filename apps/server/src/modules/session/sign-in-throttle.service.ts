/**
 * Sign-in throttling, per account across addresses and per address across accounts, counted in
 * the database so that it holds across instances
 * (docs/decisions/016-live-streams-and-sign-in-throttling.md).
 *
 * Each attempt is counted before the password is checked, so attempts sent at once cannot
 * overtake the count, and taken back when it succeeds: only failures remain, and a school signing
 * in from one address does not lock itself out. One attempt over a limit locks the key for the
 * window; during a lockout every attempt is refused unchecked, the right password too.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import {
  countAttempt,
  lock,
  lockedUntil,
  pruneThrottle,
  uncountAttempt,
} from './sign-in-throttle.repository';

type Deps = Pick<AppContext, 'database' | 'config'>;

/**
 * What is counted. A password attempt is a guess; asking for a sign-in link sends a mail. Each
 * has its own keys, so that asking for links never locks anyone out of their password.
 */
export type SignInKind = 'password' | 'email-link';

/**
 * Links asked for per address typed in, and per client address, within the window. A whole
 * school asks for its first links from one address on the first day, and a link is no guess;
 * the limit per address typed in is what keeps a mailbox from being flooded.
 */
export const EMAIL_LINKS_PER_ACCOUNT = 5;
export const EMAIL_LINKS_PER_ADDRESS = 500;

/**
 * Sign-ins with a passkey or through a school's provider, per client address and minute (kept in
 * memory). Neither is a guess (a signature, the provider's answer), so this only keeps one client
 * from flooding the challenges and sign-ins on their way; a whole school signs in from one network
 * at eight in the morning.
 */
export const SIGN_IN_CEREMONIES_PER_ADDRESS = 500;

export interface SignInAttempt {
  keys: readonly string[];
}

export type SignInStart = { attempt: SignInAttempt } | { retryAfterSeconds: number };

/** Pruning is cheap but needs not run on every attempt. */
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

function keyOf(kind: SignInKind, of: 'account' | 'address', value: string): string {
  // Password keys keep their original form, so that counts under way survive an upgrade.
  const prefix = kind === 'password' ? of : `${kind}-${of}`;
  return createHash('sha256').update(`${prefix}:${value}`).digest('base64url');
}

function limitsOf(config: Deps['config'], kind: SignInKind) {
  return kind === 'password'
    ? { account: config.loginRateLimit, address: config.loginAddressLimit }
    : { account: EMAIL_LINKS_PER_ACCOUNT, address: EMAIL_LINKS_PER_ADDRESS };
}

function secondsUntil(iso: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** Counts a sign-in attempt, or refuses it (with the seconds to wait) when a limit is reached. */
export async function startSignIn(
  deps: Deps,
  who: { email: string; address: string },
  kind: SignInKind = 'password',
): Promise<SignInStart> {
  const { db } = deps.database;
  const windowMs = deps.config.loginLockoutMinutes * 60_000;
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const windowFrom = new Date(nowMs - windowMs).toISOString();
  const until = new Date(nowMs + windowMs).toISOString();
  const account = keyOf(kind, 'account', who.email.trim().toLowerCase());
  const address = keyOf(kind, 'address', who.address);
  const allowed = limitsOf(deps.config, kind);

  if (nowMs - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = nowMs;
    await pruneThrottle(db, windowFrom, now);
  }
  const locked = await lockedUntil(db, [account, address], now);
  if (locked) return { retryAfterSeconds: secondsUntil(locked, nowMs) };

  const limits = [
    { key: account, limit: allowed.account },
    { key: address, limit: allowed.address },
  ];
  let over = false;
  for (const { key, limit } of limits) {
    if ((await countAttempt(db, key, now, windowFrom)) > limit) {
      await lock(db, key, until);
      over = true;
    }
  }
  if (over) return { retryAfterSeconds: secondsUntil(until, nowMs) };
  return { attempt: { keys: [account, address] } };
}

/** A right password: the attempt is not a failure. A lockout is not lifted. */
export async function signInSucceeded(deps: Deps, attempt: SignInAttempt): Promise<void> {
  for (const key of attempt.keys) await uncountAttempt(deps.database.db, key);
}

/** Forgets what no longer counts; runs now and then as attempts come in. */
export async function pruneSignInThrottle(deps: Deps): Promise<void> {
  const nowMs = Date.now();
  await pruneThrottle(
    deps.database.db,
    new Date(nowMs - deps.config.loginLockoutMinutes * 60_000).toISOString(),
    new Date(nowMs).toISOString(),
  );
}
