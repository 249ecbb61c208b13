import { describe, expect, it } from 'vitest';
import { personLeftSchema } from './people';
import { isCurrentPerson } from './current-person';
import { addDays, todayInSchoolZone } from './time';

describe('isCurrentPerson', () => {
  it('counts someone at the school until the day they left', () => {
    expect(isCurrentPerson({ leftOn: null }, '2026-11-23')).toBe(true);
    expect(isCurrentPerson({ leftOn: '2026-11-24' }, '2026-11-23')).toBe(true);
    expect(isCurrentPerson({ leftOn: '2026-11-23' }, '2026-11-23')).toBe(false);
    expect(isCurrentPerson({ leftOn: '2026-11-22' }, '2026-11-23')).toBe(false);
  });
});

describe('personLeftSchema', () => {
  it('takes a real date up to today, not ahead', () => {
    const today = todayInSchoolZone();
    expect(personLeftSchema.safeParse({ leftOn: today }).success).toBe(true);
    expect(personLeftSchema.safeParse({ leftOn: '2025-08-15' }).success).toBe(true);
    const tomorrow = addDays(today, 1);
    for (const leftOn of [tomorrow, '2026-02-30', '23.11.2026', '', '1999-12-31']) {
      expect(personLeftSchema.safeParse({ leftOn }).success, leftOn).toBe(false);
    }
  });
});
