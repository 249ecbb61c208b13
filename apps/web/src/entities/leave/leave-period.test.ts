import { describe, expect, it } from 'vitest';
import {
  formatLeavePeriod,
  instantOf,
  periodFieldOf,
  periodOf,
  periodProblems,
  periodValuesOf,
} from './leave-period';

const weekend = { fromDate: '2026-11-27', fromTime: '14:00', toDate: '2026-11-29', toTime: '18:00' };

describe('a leave period', () => {
  it('is wall clock at the school, winter and summer', () => {
    expect(instantOf('2026-11-27', '14:00')).toBe('2026-11-27T13:00:00.000Z');
    expect(instantOf('2026-06-12', '08:30')).toBe('2026-06-12T06:30:00.000Z');
    expect(instantOf('2026-02-30', '08:30')).toBeNull();
    expect(instantOf('2026-11-27', '24:00')).toBeNull();
    expect(instantOf('2026-11-27', '')).toBeNull();
  });

  it('round-trips through its fields', () => {
    const period = periodOf(weekend);
    expect(period).toEqual({ start: '2026-11-27T13:00:00.000Z', end: '2026-11-29T17:00:00.000Z' });
    expect(periodValuesOf(period!)).toEqual(weekend);
    // Across the change to summer time.
    expect(periodValuesOf({ start: '2026-03-28T11:00:00Z', end: '2026-03-29T16:00:00Z' })).toEqual({
      fromDate: '2026-03-28',
      fromTime: '12:00',
      toDate: '2026-03-29',
      toTime: '18:00',
    });
  });

  it('is checked as the server checks it', () => {
    expect(periodProblems(weekend)).toEqual({});
    expect(periodProblems({ ...weekend, fromTime: '', toDate: '2026-13-01' })).toEqual({
      fromTime: 'required',
      toDate: 'dateInvalid',
    });
    expect(periodProblems({ ...weekend, toDate: '2026-11-27', toTime: '14:00' })).toEqual({
      toDate: 'endBeforeStart',
    });
    expect(periodProblems({ ...weekend, toDate: '2027-01-28' })).toEqual({ toDate: 'tooLong' });
    // 62 days exactly is allowed.
    expect(periodProblems({ ...weekend, toDate: '2027-01-28', toTime: '14:00' })).toEqual({});
  });

  it('puts the server’s errors at the dates', () => {
    expect(periodFieldOf(['start'])).toBe('fromDate');
    expect(periodFieldOf(['end'])).toBe('toDate');
    expect(periodFieldOf(['reason'])).toBeNull();
  });

  it('reads as a range in the reader’s language', () => {
    const now = new Date('2026-11-24T09:00:00Z');
    const period = periodOf(weekend)!;
    const nb = formatLeavePeriod(period, 'nb-NO', now);
    expect(nb).toContain('27');
    expect(nb).toContain('29');
    expect(nb).toContain('14:00');
    expect(nb).toContain('18:00');
    expect(nb).not.toContain('2026');
    const sameDay = formatLeavePeriod(
      { start: '2026-11-27T07:00:00Z', end: '2026-11-27T11:00:00Z' },
      'en-GB',
      now,
    );
    expect(sameDay.match(/27/g)).toHaveLength(1);
    expect(sameDay).toMatch(/08:00\s*[–-]\s*12:00/);
    expect(
      formatLeavePeriod({ start: '2027-01-02T07:00:00Z', end: '2027-01-03T07:00:00Z' }, 'nb-NO', now),
    ).toContain('2027');
  });
});
