/**
 * RFC 8628 polling, as the TV does it: wait `interval` seconds between asks, add
 * PAIRING_SLOW_DOWN_SECONDS on each slow_down (§3.5), start over with a new code when the old
 * one has expired or was refused. Pure, so the rules are tested without a server.
 */
import { PAIRING_SLOW_DOWN_SECONDS } from '@tun/shared/screens';

/** How long «Avvist» stays up before a new code is fetched. */
export const DENIED_SHOWN_MS = 8_000;
/** Between attempts when the server cannot be reached at all. */
export const UNREACHABLE_RETRY_MS = 10_000;

/** What the token endpoint's answer means for the TV. */
export type PollOutcome = 'pending' | 'slow-down' | 'expired' | 'denied' | 'unreachable';

export function pollOutcome(code: string): PollOutcome {
  switch (code) {
    case 'authorization-pending':
      return 'pending';
    case 'slow-down':
      return 'slow-down';
    case 'expired-token':
      return 'expired';
    case 'access-denied':
      return 'denied';
    // Rate limited: asking less often is the answer to that too.
    case 'too-many-attempts':
      return 'slow-down';
    default:
      return 'unreachable';
  }
}

/** The next interval in seconds after an answer. */
export function nextInterval(interval: number, outcome: PollOutcome): number {
  return outcome === 'slow-down' ? interval + PAIRING_SLOW_DOWN_SECONDS : interval;
}

/** The time left on a code as m:ss, never below 0:00. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The address the admin types, short enough to read off a wall: host and path, no scheme.
 * The server may send it relative (/app/tv-setup) or absolute.
 */
export function shortAddress(verificationUri: string, origin: string): string {
  const url = new URL(verificationUri, origin);
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/** The QR code's address, absolute, so a phone's camera can open it. */
export function absoluteAddress(uri: string, origin: string): string {
  return new URL(uri, origin).href;
}
