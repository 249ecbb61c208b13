import type { CaseSummary } from '@tun/shared/maintenance';
import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  boardColumns,
  caseListSearch,
  DEFAULT_CASE_FILTERS,
  groupByStatus,
  moveTargets,
} from './case-filters';

function summary(id: string, status: CaseSummary['status'], createdAt: string): CaseSummary {
  return {
    id,
    number: Number(id),
    title: `Sak ${id}`,
    roomId: null,
    category: 'other',
    urgency: 'normal',
    status,
    submittedBy: null,
    assignedTo: null,
    roundId: null,
    photoCount: 0,
    createdAt,
    updatedAt: createdAt,
    solvedAt: null,
  };
}

describe('caseListSearch', () => {
  it('asks for every case by default', () => {
    expect(caseListSearch(DEFAULT_CASE_FILTERS)).toBe('state=all');
  });

  it('sends open/closed as the state and a single status as the status', () => {
    expect(caseListSearch({ ...DEFAULT_CASE_FILTERS, status: 'open' })).toBe('state=open');
    expect(caseListSearch({ ...DEFAULT_CASE_FILTERS, status: 'waitingForParts' })).toBe(
      'status=waitingForParts',
    );
  });

  it('adds room, category, age and «Mine»', () => {
    const search = new URLSearchParams(
      caseListSearch({
        status: 'all',
        roomId: 'r1',
        category: 'plumbing',
        olderThanDays: 0,
        mine: true,
      }),
    );
    expect(Object.fromEntries(search)).toEqual({
      state: 'all',
      roomId: 'r1',
      category: 'plumbing',
      olderThanDays: '0',
      mine: '1',
    });
  });
});

describe('the board', () => {
  it('hides «Avvist» unless asked', () => {
    expect(boardColumns(false)).toEqual(['new', 'inProgress', 'waitingForParts', 'solved']);
    expect(boardColumns(true)).toContain('rejected');
  });

  it('groups the cases by status, the oldest first', () => {
    const columns = groupByStatus([
      summary('2', 'new', '2026-11-02T10:00:00Z'),
      summary('1', 'new', '2026-11-01T10:00:00Z'),
      summary('3', 'solved', '2026-11-03T10:00:00Z'),
    ]);
    expect(columns.new.map((entry) => entry.id)).toEqual(['1', '2']);
    expect(columns.solved.map((entry) => entry.id)).toEqual(['3']);
    expect(columns.inProgress).toEqual([]);
  });

  it('moves a case to any other status', () => {
    expect(moveTargets('inProgress')).toEqual(['new', 'waitingForParts', 'solved', 'rejected']);
  });

  it('counts whole days of age, never below zero', () => {
    const now = new Date('2026-11-10T12:00:00Z');
    expect(ageInDays('2026-11-10T08:00:00Z', now)).toBe(0);
    expect(ageInDays('2026-11-07T11:00:00Z', now)).toBe(3);
    expect(ageInDays('2026-11-11T08:00:00Z', now)).toBe(0);
  });
});
