import { describe, expect, it } from 'vitest';
import { reportSearch } from '../report-search';
import { periodProblem, schoolYearAround, weekNumber } from './report-period';

describe('report period', () => {
  it('defaults to the school year from 1 August to 30 June', () => {
    expect(schoolYearAround('2026-11-21')).toEqual({ from: '2026-08-01', to: '2027-06-30' });
    expect(schoolYearAround('2027-03-01')).toEqual({ from: '2026-08-01', to: '2027-06-30' });
    expect(schoolYearAround('2027-07-15')).toEqual({ from: '2026-08-01', to: '2027-06-30' });
  });

  it('tells what is wrong with a period', () => {
    expect(periodProblem('2026-08-01', '2027-06-30')).toBeNull();
    expect(periodProblem('', '2027-06-30')).toBe('missing');
    expect(periodProblem('2026-08-01', '2026-07-31')).toBe('order');
    expect(periodProblem('2027-07-01', '2028-06-30')).toBeNull();
    expect(periodProblem('2026-08-01', '2027-08-02')).toBe('tooLong');
  });

  it('reads the week number of an ISO week', () => {
    expect(weekNumber('2026-W07')).toBe(7);
    expect(weekNumber('2026-W53')).toBe(53);
  });

  it('keeps only valid search parameters', () => {
    expect(reportSearch({ from: '2026-08-01', to: '2026-02-30', line: 'abc', extra: 'x' })).toEqual({
      from: '2026-08-01',
      line: 'abc',
    });
    expect(reportSearch({ from: 20260801, line: '' })).toEqual({});
  });
});
