import type { Screen } from '@tun/shared/screens';
import { describe, expect, it } from 'vitest';
import { lastSeen, screenState, sortScreens } from './screen-status';

describe('screen state', () => {
  it('is unpaired without a TV, else online or offline by its heartbeat', () => {
    expect(screenState({ paired: false, online: false })).toBe('unpaired');
    expect(screenState({ paired: true, online: true })).toBe('online');
    expect(screenState({ paired: true, online: false })).toBe('offline');
  });
});

describe('last seen', () => {
  // 10:00 in Oslo (winter time).
  const now = new Date('2026-01-15T09:00:00Z');

  it('says never for a screen that never reported', () => {
    expect(lastSeen(null, now)).toEqual({ kind: 'never' });
  });

  it('is today by the school’s date, not UTC’s', () => {
    // 00:30 in Oslo on the 15th is still the 14th in UTC.
    expect(lastSeen('2026-01-14T23:30:00Z', now).kind).toBe('today');
    expect(lastSeen('2026-01-14T22:30:00Z', now).kind).toBe('earlier');
  });
});

describe('sorting screens', () => {
  const screen = (id: string, name: string) => ({ id, name }) as Screen;

  it('sorts by name in Norwegian order', () => {
    const sorted = sortScreens([screen('1', 'Åsen'), screen('2', 'Gangen'), screen('3', 'Ørkenen')], 'nb');
    expect(sorted.map((s) => s.name)).toEqual(['Gangen', 'Ørkenen', 'Åsen']);
  });
});
