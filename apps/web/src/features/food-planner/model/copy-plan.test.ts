import { menuCopyInputSchema } from '@tun/shared/food';
import { describe, expect, it } from 'vitest';
import { COPY_WEEKS_AHEAD, copyInput, copyTargets, replacedWeeks, rotationEnds } from './copy-plan';

describe('copy plan', () => {
  it('copies one week to the chosen week only', () => {
    const input = copyInput('copy', '2026-11-23', { target: '2026-12-07', weeks: 3, until: '2027-01-04' });
    expect(input).toEqual({ from: '2026-11-23', weeks: 1, to: '2026-12-07', until: '2026-12-07' });
    expect(menuCopyInputSchema.parse(input)).toEqual(input);
    expect(replacedWeeks(input)).toEqual(['2026-12-07']);
  });

  it('repeats a rotation from the week after it until the chosen week, across the new year', () => {
    const input = copyInput('rotation', '2026-11-23', {
      target: '2026-11-30',
      weeks: 3,
      until: '2027-01-11',
    });
    expect(input).toEqual({ from: '2026-11-23', weeks: 3, to: '2026-12-14', until: '2027-01-11' });
    expect(menuCopyInputSchema.parse(input)).toEqual(input);
    expect(replacedWeeks(input)).toEqual([
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
      '2027-01-04',
      '2027-01-11',
    ]);
  });

  it('keeps the rotation within what the server takes', () => {
    expect(copyInput('rotation', '2026-11-23', { target: '', weeks: 40, until: '2027-06-07' }).weeks).toBe(8);
    expect(copyInput('rotation', '2026-11-23', { target: '', weeks: 0, until: '2027-06-07' }).weeks).toBe(1);
  });

  it('replaces nothing when the end is before the first copy', () => {
    expect(replacedWeeks({ to: '2026-12-14', until: '2026-12-07' })).toEqual([]);
  });

  it('offers the coming weeks, and rotation ends from its first copy on', () => {
    const targets = copyTargets('2026-11-23');
    expect(targets).toHaveLength(COPY_WEEKS_AHEAD);
    expect(targets[0]).toBe('2026-11-30');
    const ends = rotationEnds('2026-11-23', 4);
    expect(ends[0]).toBe('2026-12-21');
    expect(ends.at(-1)).toBe(targets.at(-1));
  });
});
