import { describe, expect, it } from 'vitest';
import { fromSchoolInput, toSchoolInput } from './school-datetime';

describe('school date-time fields', () => {
  it('shows an instant as the wall clock in Oslo, winter and summer', () => {
    expect(toSchoolInput('2026-11-23T07:30:00.000Z')).toBe('2026-11-23T08:30');
    expect(toSchoolInput('2026-06-15T06:00:00Z')).toBe('2026-06-15T08:00');
  });

  it('reads the wall clock in Oslo back as the same instant', () => {
    expect(fromSchoolInput('2026-11-23T08:30')).toBe('2026-11-23T07:30:00.000Z');
    expect(fromSchoolInput('2026-06-15T08:00')).toBe('2026-06-15T06:00:00.000Z');
    expect(fromSchoolInput('2026-06-15T08:00:00')).toBe('2026-06-15T06:00:00.000Z');
  });

  it('round-trips across the change to summer time', () => {
    for (const value of ['2026-03-29T01:59', '2026-03-29T03:00', '2026-10-25T03:30']) {
      expect(toSchoolInput(fromSchoolInput(value))).toBe(value);
    }
  });

  it('has no value for empty or malformed input', () => {
    expect(toSchoolInput(null)).toBe('');
    expect(toSchoolInput('')).toBe('');
    expect(toSchoolInput('not a date')).toBe('');
    expect(fromSchoolInput('')).toBeNull();
    expect(fromSchoolInput('2026-02-30T08:00')).toBeNull();
    expect(fromSchoolInput('2026-11-23T24:00')).toBeNull();
    expect(fromSchoolInput('2026-11-23')).toBeNull();
  });
});
