import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schoolYearOf, schoolYearToDate } from './school-year';
import { addDays } from './time';

const DAY_MS = 86_400_000;
const isoDate = fc
  .integer({ min: Date.UTC(2000, 0, 1) / DAY_MS, max: Date.UTC(2100, 11, 31) / DAY_MS })
  .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
const nextDay = (date: string) => addDays(date, 1);

describe('the school year (decision 012)', () => {
  it('runs from 1 August to 31 July', () => {
    expect(schoolYearOf('2026-11-23')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(schoolYearOf('2027-03-01')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(schoolYearOf('2026-08-01')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(schoolYearOf('2027-06-30')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(schoolYearOf('2027-07-15')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(schoolYearOf('2027-07-31')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(schoolYearOf('2027-08-01')).toEqual({ from: '2027-08-01', to: '2028-07-31' });
  });

  it('holds every date, and the next year starts the day after it ends', () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        const year = schoolYearOf(date);
        expect(year.from <= date && date <= year.to).toBe(true);
        expect(schoolYearOf(year.from)).toEqual(year);
        expect(schoolYearOf(year.to)).toEqual(year);
        expect(schoolYearOf(nextDay(year.to)).from).toBe(nextDay(year.to));
      }),
    );
  });

  it('so far runs from its first day to the date', () => {
    expect(schoolYearToDate('2027-07-20')).toEqual({ from: '2026-08-01', to: '2027-07-20' });
    expect(schoolYearToDate('2027-08-01')).toEqual({ from: '2027-08-01', to: '2027-08-01' });
  });
});
