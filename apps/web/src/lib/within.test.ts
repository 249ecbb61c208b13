import { describe, expect, it, vi } from 'vitest';
import { within } from './within';

describe('within', () => {
  it('gives the value of a promise that settles in time, and stops its timer', async () => {
    vi.useFakeTimers();
    try {
      await expect(within(Promise.resolve(7), 1000)).resolves.toBe(7);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives undefined when the time is up first', async () => {
    vi.useFakeTimers();
    try {
      const late = new Promise((resolve) => setTimeout(() => resolve('late'), 5000));
      const result = within(late, 1000);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(result).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes on a rejection that comes in time', async () => {
    await expect(within(Promise.reject(new Error('nei')), 1000)).rejects.toThrow('nei');
  });
});
