import type { CaseStats } from '@tun/shared/maintenance';
import { describe, expect, it } from 'vitest';
import { barPercent, categoryRows, defaultPeriod, periodProblem } from './stats';

describe('the statistics period', () => {
  it('is the last 90 days by default', () => {
    expect(defaultPeriod('2026-11-24')).toEqual({ from: '2026-08-27', to: '2026-11-24' });
  });

  it('refuses a reversed, invalid or too long period', () => {
    expect(periodProblem({ from: '2026-11-24', to: '2026-11-01' })).toBe('reversed');
    expect(periodProblem({ from: '', to: '2026-11-01' })).toBe('invalid');
    expect(periodProblem({ from: '2024-01-01', to: '2026-11-01' })).toBe('tooLong');
    expect(periodProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
  });
});

describe('the statistics rows', () => {
  it('gives every category, with zeros where nothing happened', () => {
    const stats: CaseStats = {
      from: '2026-09-01',
      to: '2026-11-24',
      openByRoom: [],
      openByCategory: [{ category: 'plumbing', count: 2 }],
      reported: 3,
      solved: 1,
      medianHoursToSolve: 5,
      byCategory: [{ category: 'plumbing', reported: 3, solved: 1, medianHoursToSolve: 5 }],
    };
    const rows = categoryRows(stats);
    expect(rows).toHaveLength(6);
    expect(rows.find((row) => row.category === 'plumbing')).toEqual({
      category: 'plumbing',
      open: 2,
      reported: 3,
      solved: 1,
      medianHoursToSolve: 5,
    });
    expect(rows.find((row) => row.category === 'it')).toEqual({
      category: 'it',
      open: 0,
      reported: 0,
      solved: 0,
      medianHoursToSolve: null,
    });
  });

  it('scales the bars to the longest', () => {
    expect(barPercent(1, 4)).toBe(25);
    expect(barPercent(0, 0)).toBe(0);
  });
});
