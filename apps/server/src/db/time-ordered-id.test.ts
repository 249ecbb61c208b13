import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const now = Date.UTC(2026, 11, 7, 8, 15, 0, 123);
    const id = timeOrderedId(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(now);
  });

  it('sorts as text in the order of its times, and differs within one millisecond', () => {
    const times = [0, 1, 255, 256, Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 1, Date.UTC(2099, 11, 31)];
    const ids = times.map((time) => timeOrderedId(time));
    expect([...ids].sort()).toEqual(ids);
    const same = Array.from({ length: 1000 }, () => timeOrderedId(times[4]));
    expect(new Set(same).size).toBe(1000);
  });
});
