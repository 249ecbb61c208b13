import { describe, expect, it } from 'vitest';
import { reportSearch } from './report-search';
import { periodProblem, weekNumber } from './report-period';

describe('report period', () => {
  it('tells what is wrong with a period', () => {
    expect(periodProblem('2026-08-01', '2027-06-30')).toBeNull();
    // A whole school year, also one with 29 February.
    expect(periodProblem('2027-08-01', '2028-07-31')).toBeNull();
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
