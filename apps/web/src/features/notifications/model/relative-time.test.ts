import { describe, expect, it } from 'vitest';
import { formatRelativeTime, relativeParts } from './relative-time';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const isoDate = (value: Date) => value.toISOString().slice(0, 10);

describe('relative time', () => {
  it('says «now» under a minute and for a clock a little ahead', () => {
    expect(relativeParts(ago(59_000), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeParts(ago(-5_000), now)).toEqual({ value: 0, unit: 'second' });
  });

  it('picks the largest whole unit, rounding down', () => {
    expect(relativeParts(ago(MINUTE), now)).toEqual({ value: -1, unit: 'minute' });
    expect(relativeParts(ago(59 * MINUTE + 59_000), now)).toEqual({ value: -59, unit: 'minute' });
    expect(relativeParts(ago(HOUR), now)).toEqual({ value: -1, unit: 'hour' });
    expect(relativeParts(ago(23 * HOUR + 59 * MINUTE), now)).toEqual({ value: -23, unit: 'hour' });
    expect(relativeParts(ago(DAY), now)).toEqual({ value: -1, unit: 'day' });
    expect(relativeParts(ago(6 * DAY + 23 * HOUR), now)).toEqual({ value: -6, unit: 'day' });
  });

  it('gives up from a week on, and on a date it cannot read', () => {
    expect(relativeParts(ago(7 * DAY), now)).toBeNull();
    expect(relativeParts(new Date('not a date'), now)).toBeNull();
  });

  it('reads in the reader’s language', () => {
    expect(formatRelativeTime(ago(10_000), now, 'nb-NO', isoDate)).toBe('nå');
    expect(formatRelativeTime(ago(5 * MINUTE), now, 'nb-NO', isoDate)).toBe('for 5 minutter siden');
    expect(formatRelativeTime(ago(DAY), now, 'nb-NO', isoDate)).toBe('i går');
    expect(formatRelativeTime(ago(3 * HOUR), now, 'en-GB', isoDate)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(10_000), now, 'en-GB', isoDate)).toBe('now');
  });

  it('shows the date for older ones', () => {
    expect(formatRelativeTime(ago(30 * DAY), now, 'nb-NO', isoDate)).toBe('2026-10-25');
  });
});
