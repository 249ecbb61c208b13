import { describe, expect, it, vi } from 'vitest';
import { isGroupArchived } from './groups';
import {
  SCHOOL_TIME_ZONE,
  addDays,
  daysBetween,
  isIsoDate,
  isoWeekOf,
  mondayOf,
  schoolDatesToInstants,
  schoolDateTimeFormat,
  schoolDateTimeFormatOnFirstUse,
  schoolDayStart,
  todayInSchoolZone,
} from './time';

describe('the school calendar', () => {
  it("gives the date in Oslo, not the server's zone", () => {
    // Winter (UTC+1) and summer (UTC+2) around midnight.
    expect(todayInSchoolZone(new Date('2026-01-14T22:59:00Z'))).toBe('2026-01-14');
    expect(todayInSchoolZone(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(todayInSchoolZone(new Date('2026-06-14T21:59:00Z'))).toBe('2026-06-14');
    expect(todayInSchoolZone(new Date('2026-06-14T22:00:00Z'))).toBe('2026-06-15');
  });

  it('gives the date Intl gives for every instant, across both changes of the clock (kept per hour)', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: SCHOOL_TIME_ZONE });
    // Every 7 minutes and 13 seconds through March and October 2026, asked twice each.
    for (const [from, to] of [
      ['2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z'],
      ['2026-10-23T00:00:00Z', '2026-10-28T00:00:00Z'],
    ] as const) {
      for (let time = Date.parse(from); time < Date.parse(to); time += 433_000) {
        const instant = new Date(time);
        expect(todayInSchoolZone(instant)).toBe(intl.format(instant));
        expect(todayInSchoolZone(instant)).toBe(intl.format(instant));
      }
    }
    expect(todayInSchoolZone(new Date('1894-06-01T23:30:00Z'))).toBe(
      intl.format(new Date('1894-06-01T23:30:00Z')),
    );
    expect(() => todayInSchoolZone(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('14.01.2026')).toBe(false);
  });

  it('adds days across months and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
  });

  it('numbers weeks as ISO 8601 does, Monday first', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(isoWeekOf('2026-11-16')).toEqual({ year: 2026, week: 47 });
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 });
  });

  it('turns school dates into the instants of their midnights, across clock changes', () => {
    expect(new Date(schoolDayStart('2026-11-23')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(schoolDatesToInstants('2026-11-23', '2026-11-27')).toEqual({
      from: '2026-11-22T23:00:00.000Z',
      to: '2026-11-27T23:00:00.000Z',
    });
    const spring = schoolDatesToInstants('2026-03-29', '2026-03-29');
    expect(Date.parse(spring.to) - Date.parse(spring.from)).toBe(23 * 3_600_000);
    const autumn = schoolDatesToInstants('2026-10-25', '2026-10-25');
    expect(Date.parse(autumn.to) - Date.parse(autumn.from)).toBe(25 * 3_600_000);
  });

  it('makes one formatter per locale and options, in school time unless told otherwise', () => {
    const format = schoolDateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit' });
    expect(schoolDateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit' })).toBe(format);
    expect(format.format(new Date('2026-06-14T06:30:00Z'))).toBe('08:30');
    expect(schoolDateTimeFormat('sv-SE', { timeZone: 'UTC' }).resolvedOptions().timeZone).toBe('UTC');
  });

  it('makes a formatter at first use only, then keeps it, in school time', () => {
    const RealFormat = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof RealFormat>
    ) {
      return new RealFormat(...args);
    } as unknown as typeof RealFormat);
    try {
      // Options no other test asks for, so the formatter is not made already.
      const clock = schoolDateTimeFormatOnFirstUse('en-GB', { minute: '2-digit', second: '2-digit' });
      expect(made).not.toHaveBeenCalled();
      const first = clock();
      expect(made).toHaveBeenCalledTimes(1);
      expect(clock()).toBe(first);
      expect(made).toHaveBeenCalledTimes(1);
      expect(first.resolvedOptions().timeZone).toBe(SCHOOL_TIME_ZONE);
    } finally {
      made.mockRestore();
    }
  });

  it('archives a group from the day after its end date', () => {
    expect(isGroupArchived(null, '2026-05-01')).toBe(false);
    expect(isGroupArchived('2026-05-01', '2026-05-01')).toBe(false);
    expect(isGroupArchived('2026-04-30', '2026-05-01')).toBe(true);
  });
});
