import { schoolTimeToInstant } from '@tun/shared/time';
import { describe, expect, it } from 'vitest';
import {
  fromDateTimeLocal,
  schoolDate,
  schoolOffsetForWallClock,
  schoolOffsetMinutes,
  schoolWallClock,
  toDateTimeLocal,
} from './school-time';

describe('school time (Europe/Oslo)', () => {
  it('knows winter and summer offsets', () => {
    expect(schoolOffsetMinutes(Date.parse('2026-01-15T12:00:00Z'))).toBe(60);
    expect(schoolOffsetMinutes(Date.parse('2026-07-15T12:00:00Z'))).toBe(120);
    // The change happens at 01:00 UTC on the last Sunday of March and of October.
    expect(schoolOffsetMinutes(Date.parse('2026-03-29T00:59:00Z'))).toBe(60);
    expect(schoolOffsetMinutes(Date.parse('2026-03-29T01:00:00Z'))).toBe(120);
    expect(schoolOffsetMinutes(Date.parse('2026-10-25T00:59:00Z'))).toBe(120);
    expect(schoolOffsetMinutes(Date.parse('2026-10-25T01:00:00Z'))).toBe(60);
  });

  it('gives the wall clock at an instant', () => {
    expect(schoolWallClock(Date.parse('2026-11-24T07:30:15.250Z'))).toEqual([2026, 10, 24, 8, 30, 15, 250]);
    expect(schoolWallClock(Date.parse('2025-12-31T23:30:00Z'))).toEqual([2026, 0, 1, 0, 30, 0, 0]);
  });

  it('turns wall-clock times into instants as the schedule expansion does, across the changes', () => {
    const cases: [string, string][] = [
      ['2026-11-24', '08:30'],
      ['2026-06-01', '08:30'],
      ['2026-03-29', '01:30'],
      ['2026-03-29', '02:30'], // does not exist: an hour forward
      ['2026-03-29', '03:30'],
      ['2026-10-25', '01:30'],
      ['2026-10-25', '02:30'], // happens twice
      ['2026-10-25', '03:30'],
    ];
    for (const [date, time] of cases) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const [h, min] = time.split(':').map(Number) as [number, number];
      const expected = schoolTimeToInstant(date, time);
      const offset = schoolOffsetForWallClock([y, m - 1, d, h, min, 0, 0]);
      expect(Date.UTC(y, m - 1, d, h, min) - offset * 60_000, `${date} ${time}`).toBe(expected);
      expect(fromDateTimeLocal(`${date}T${time}`), `${date} ${time}`).toBe(new Date(expected).toISOString());
    }
  });

  it('reads and writes datetime-local values in school time', () => {
    expect(toDateTimeLocal('2026-11-24T07:30:00Z')).toBe('2026-11-24T08:30');
    expect(toDateTimeLocal(new Date('2026-07-01T22:15:00Z'))).toBe('2026-07-02T00:15');
    expect(fromDateTimeLocal('2026-11-24T08:30')).toBe('2026-11-24T07:30:00.000Z');
    expect(fromDateTimeLocal('2026-07-02T00:15:00')).toBe('2026-07-01T22:15:00.000Z');
  });

  it('rejects what is not a datetime-local value or not a real date', () => {
    expect(fromDateTimeLocal('')).toBeUndefined();
    expect(fromDateTimeLocal('2026-11-24')).toBeUndefined();
    expect(fromDateTimeLocal('2026-02-30T08:00')).toBeUndefined();
    expect(fromDateTimeLocal('2026-11-24T24:00')).toBeUndefined();
  });

  it('gives the school date of an instant', () => {
    expect(schoolDate('2025-12-31T23:30:00Z')).toBe('2026-01-01');
  });
});
