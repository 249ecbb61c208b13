import { describe, expect, it } from 'vitest';
import { newestFirst } from './case-order';

describe('newestFirst', () => {
  it('puts the newest case first, and the higher number first when they were made together', () => {
    const cases = [
      { number: 1, createdAt: '2026-11-01T10:00:00.000Z' },
      { number: 3, createdAt: '2026-11-03T10:00:00.000Z' },
      { number: 2, createdAt: '2026-11-03T10:00:00.000Z' },
    ];
    expect(newestFirst(cases).map((item) => item.number)).toEqual([3, 2, 1]);
  });
});
