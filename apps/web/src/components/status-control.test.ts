import { describe, expect, it } from 'vitest';
import { isAttendanceStatus } from './status-control';

describe('isAttendanceStatus', () => {
  it('accepts the three statuses only', () => {
    expect(isAttendanceStatus('attending')).toBe(true);
    expect(isAttendanceStatus('present')).toBe(false);
    expect(isAttendanceStatus(null)).toBe(false);
  });
});
