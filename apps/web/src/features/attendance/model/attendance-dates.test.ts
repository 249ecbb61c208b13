import { describe, expect, it } from 'vitest';
import { datesBetween, dayInstants, isDateRange, splitRange } from './attendance-dates';

describe('dayInstants', () => {
  it('is a day at the school, in winter and in summer time', () => {
    expect(dayInstants('2026-11-23')).toEqual({
      from: '2026-11-22T23:00:00.000Z',
      to: '2026-11-23T23:00:00.000Z',
    });
    expect(dayInstants('2026-06-10')).toEqual({
      from: '2026-06-09T22:00:00.000Z',
      to: '2026-06-10T22:00:00.000Z',
    });
  });

  it('has 23 hours when the clocks go forward', () => {
    const { from, to } = dayInstants('2026-03-29');
    expect(Date.parse(to) - Date.parse(from)).toBe(23 * 3_600_000);
  });
});

describe('datesBetween', () => {
  it('lists every date, both ends included', () => {
    expect(datesBetween('2026-12-30', '2027-01-02', 10)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(datesBetween('2026-12-30', '2026-12-30', 1)).toEqual(['2026-12-30']);
  });

  it('refuses a backwards, invalid or too long range', () => {
    expect(datesBetween('2026-12-30', '2026-12-29', 10)).toBeNull();
    expect(datesBetween('2026-02-30', '2026-03-02', 10)).toBeNull();
    expect(datesBetween('2026-12-01', '2026-12-11', 10)).toBeNull();
    expect(datesBetween('2026-12-01', '2026-12-10', 10)).toHaveLength(10);
    expect(isDateRange('', '2026-12-10')).toBe(false);
  });
});

describe('splitRange', () => {
  const DAY = 86_400_000;
  it('cuts a long range into pieces no longer than the limit, without gaps', () => {
    const pieces = splitRange('2026-08-01T00:00:00.000Z', '2027-08-01T00:00:00.000Z', 100 * DAY);
    expect(pieces).toHaveLength(4);
    expect(pieces[0]!.from).toBe('2026-08-01T00:00:00.000Z');
    expect(pieces.at(-1)!.to).toBe('2027-08-01T00:00:00.000Z');
    for (let i = 1; i < pieces.length; i += 1) expect(pieces[i]!.from).toBe(pieces[i - 1]!.to);
    for (const piece of pieces)
      expect(Date.parse(piece.to) - Date.parse(piece.from)).toBeLessThanOrEqual(100 * DAY);
  });

  it('is one piece for a short range and none for an empty one', () => {
    expect(splitRange('2026-08-01T00:00:00.000Z', '2026-08-02T00:00:00.000Z', 100 * DAY)).toHaveLength(1);
    expect(splitRange('2026-08-01T00:00:00.000Z', '2026-08-01T00:00:00.000Z', 100 * DAY)).toEqual([]);
  });
});
