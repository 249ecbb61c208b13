import type { Leave } from '@tun/shared/leave';
import { describe, expect, it } from 'vitest';
import { decidedOf, isStanding, pendingFirst, waitingForMe } from './decide-model';

function leave(id: string, status: Leave['status'], start: string, decide = true): Leave {
  return {
    id,
    studentId: 's',
    studentName: { first: 'Siri', last: 'Lie' },
    lineIds: [],
    start,
    end: '2026-12-31T10:00:00.000Z',
    category: 'home',
    reason: 'Hjem',
    sleepsAway: true,
    phone: null,
    status,
    justified: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    comment: '',
    policies: { edit: false, decide, withdraw: decide },
  };
}

const leaves = [
  leave('a', 'approved', '2026-11-20T10:00:00Z'),
  leave('b', 'pending', '2026-12-05T10:00:00Z'),
  leave('c', 'pending', '2026-11-28T10:00:00Z', false),
  leave('d', 'rejected', '2026-12-01T10:00:00Z'),
  leave('e', 'withdrawn', '2026-11-10T10:00:00Z'),
];

describe('the approver’s list', () => {
  it('puts pending applications first, the soonest first', () => {
    expect(pendingFirst(leaves).map((l) => l.id)).toEqual(['c', 'b']);
  });

  it('shows the rest by status, the latest period first', () => {
    expect(decidedOf(leaves, 'all').map((l) => l.id)).toEqual(['d', 'a', 'e']);
    expect(decidedOf(leaves, 'approved').map((l) => l.id)).toEqual(['a']);
    expect(decidedOf(leaves, 'pending')).toEqual([]);
  });

  it('counts only what waits for this reader', () => {
    expect(waitingForMe(leaves)).toBe(1);
    expect(waitingForMe(undefined)).toBe(0);
  });

  it('lets a pending or approved leave be changed or withdrawn', () => {
    expect(leaves.filter(isStanding).map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });
});
