import type { Leave } from '@tun/shared/leave';
import { describe, expect, it } from 'vitest';
import { leaveFieldOf, leaveFormProblems, leaveFormValuesOf, leaveInputOf } from './leave-form';

const leave: Leave = {
  id: 'l1',
  studentId: 's1',
  studentName: { first: 'Siri', last: 'Lie' },
  lineIds: ['line'],
  start: '2026-11-27T13:00:00.000Z',
  end: '2026-11-29T17:00:00.000Z',
  category: 'home',
  reason: 'Bursdag hjemme',
  sleepsAway: true,
  phone: null,
  status: 'pending',
  justified: true,
  createdAt: '2026-11-24T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  comment: '',
  policies: { edit: true, decide: false, withdraw: true },
};

describe('the leave form', () => {
  it('starts a new application today, the rest empty', () => {
    const values = leaveFormValuesOf(undefined, '2026-11-24');
    expect(values).toMatchObject({ fromDate: '2026-11-24', fromTime: '', category: null, sleepsAway: false });
    expect(leaveInputOf(values)).toBeNull();
    expect(leaveFormProblems(values)).toEqual({
      fromTime: 'required',
      toDate: 'required',
      toTime: 'required',
      category: 'required',
      reason: 'required',
    });
  });

  it('round-trips an application, trimming, with no phone as null', () => {
    const values = { ...leaveFormValuesOf(leave, '2026-11-24'), reason: '  Bursdag hjemme ' };
    expect(values).toMatchObject({ fromDate: '2026-11-27', fromTime: '14:00', toTime: '18:00', phone: '' });
    expect(leaveFormProblems(values)).toEqual({});
    expect(leaveInputOf(values)).toEqual({
      start: leave.start,
      end: leave.end,
      category: 'home',
      reason: 'Bursdag hjemme',
      sleepsAway: true,
      phone: null,
    });
  });

  it('checks the phone as the server does, and the period’s rules', () => {
    const values = leaveFormValuesOf(leave, '2026-11-24');
    expect(leaveFormProblems({ ...values, phone: 'ring mor' })).toEqual({ phone: 'phoneInvalid' });
    expect(leaveInputOf({ ...values, phone: ' +47 912 34 567 ' })?.phone).toBe('+47 912 34 567');
    expect(leaveFormProblems({ ...values, phone: '+47 912 34 567' })).toEqual({});
    expect(leaveFormProblems({ ...values, toDate: '2026-11-26' })).toEqual({ toDate: 'endBeforeStart' });
    expect(leaveFormProblems({ ...values, reason: 'x'.repeat(1001) })).toEqual({ reason: 'reasonTooLong' });
  });

  it('shows the server’s errors at their fields', () => {
    expect(leaveFieldOf(['end'])).toBe('toDate');
    expect(leaveFieldOf(['start'])).toBe('fromDate');
    expect(leaveFieldOf(['phone'])).toBe('phone');
    expect(leaveFieldOf(['studentId'])).toBeNull();
    expect(leaveFieldOf([])).toBeNull();
  });
});
