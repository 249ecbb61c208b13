import { PAIRING_INTERVAL_SECONDS, PAIRING_SLOW_DOWN_SECONDS } from '@tun/shared/screens';
import { describe, expect, it } from 'vitest';
import { absoluteAddress, formatCountdown, nextInterval, pollOutcome, shortAddress } from './pairing-model';

describe('pairing polling', () => {
  it('reads the RFC 8628 error codes', () => {
    expect(pollOutcome('authorization-pending')).toBe('pending');
    expect(pollOutcome('slow-down')).toBe('slow-down');
    expect(pollOutcome('expired-token')).toBe('expired');
    expect(pollOutcome('access-denied')).toBe('denied');
    expect(pollOutcome('too-many-attempts')).toBe('slow-down');
    expect(pollOutcome('network-error')).toBe('unreachable');
  });

  it('asks less often after each slow_down, and no less often otherwise', () => {
    const once = nextInterval(PAIRING_INTERVAL_SECONDS, 'slow-down');
    expect(once).toBe(PAIRING_INTERVAL_SECONDS + PAIRING_SLOW_DOWN_SECONDS);
    expect(nextInterval(once, 'slow-down')).toBe(PAIRING_INTERVAL_SECONDS + 2 * PAIRING_SLOW_DOWN_SECONDS);
    expect(nextInterval(once, 'pending')).toBe(once);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, rounding up and stopping at zero', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(65_001)).toBe('1:06');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('addresses', () => {
  it('shortens the verification address and makes the QR address absolute', () => {
    expect(shortAddress('/app/tv-setup', 'https://tun.fjelltun.no')).toBe('tun.fjelltun.no/app/tv-setup');
    expect(shortAddress('https://tun.fjelltun.no/app/tv-setup', 'http://x')).toBe(
      'tun.fjelltun.no/app/tv-setup',
    );
    expect(absoluteAddress('/app/tv-setup?code=BCDF-GHJK', 'https://tun.fjelltun.no')).toBe(
      'https://tun.fjelltun.no/app/tv-setup?code=BCDF-GHJK',
    );
  });
});
