import { describe, expect, it } from 'vitest';
import { isGroupArchived } from './groups';
import { isIsoDate, todayInSchoolZone } from './time';

describe('the school calendar', () => {
  it("gives the date in Oslo, not the server's zone", () => {
    // Winter (UTC+1) and summer (UTC+2) around midnight.
    expect(todayInSchoolZone(new Date('2026-01-14T22:59:00Z'))).toBe('2026-01-14');
    expect(todayInSchoolZone(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(todayInSchoolZone(new Date('2026-06-14T21:59:00Z'))).toBe('2026-06-14');
    expect(todayInSchoolZone(new Date('2026-06-14T22:00:00Z'))).toBe('2026-06-15');
  });

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('14.01.2026')).toBe(false);
  });

  it('archives a group from the day after its end date', () => {
    expect(isGroupArchived(null, '2026-05-01')).toBe(false);
    expect(isGroupArchived('2026-05-01', '2026-05-01')).toBe(false);
    expect(isGroupArchived('2026-04-30', '2026-05-01')).toBe(true);
  });
});
