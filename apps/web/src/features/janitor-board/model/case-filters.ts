/**
 * The handlers' filters (decision 026): free of React, so what is asked of the server and how
 * the board groups the answer are tested on their own.
 */
import { CASE_STATUSES, type CaseCategory, type CaseStatus, type CaseSummary } from '@tun/shared/maintenance';

/** «Alle», «Åpne», «Lukkede» or one status. */
export type StatusFilter = 'all' | 'open' | 'closed' | CaseStatus;

export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'open', 'closed', ...CASE_STATUSES];

export interface CaseFilters {
  status: StatusFilter;
  roomId: string | null;
  category: CaseCategory | null;
  /** Only cases at least this many days old. */
  olderThanDays: number | null;
  /** Only the cases assigned to the reader. */
  mine: boolean;
}

export const DEFAULT_CASE_FILTERS: CaseFilters = {
  status: 'all',
  roomId: null,
  category: null,
  olderThanDays: null,
  mine: false,
};

/** The query string of GET /maintenance/cases for the filters (caseListQuerySchema). */
export function caseListSearch(filters: CaseFilters): string {
  const search = new URLSearchParams();
  if (filters.status === 'open' || filters.status === 'closed' || filters.status === 'all') {
    search.set('state', filters.status);
  } else {
    search.set('status', filters.status);
  }
  if (filters.roomId) search.set('roomId', filters.roomId);
  if (filters.category) search.set('category', filters.category);
  if (filters.olderThanDays !== null) search.set('olderThanDays', String(filters.olderThanDays));
  if (filters.mine) search.set('mine', '1');
  return search.toString();
}

/** The board's columns, in the order a case moves through them; «Avvist» only when asked for. */
export function boardColumns(showRejected: boolean): CaseStatus[] {
  return CASE_STATUSES.filter((status) => showRejected || status !== 'rejected');
}

/** The cases of each column, the oldest first: they have waited longest. */
export function groupByStatus(cases: readonly CaseSummary[]): Record<CaseStatus, CaseSummary[]> {
  const columns = Object.fromEntries(CASE_STATUSES.map((status) => [status, [] as CaseSummary[]])) as Record<
    CaseStatus,
    CaseSummary[]
  >;
  for (const entry of [...cases].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    columns[entry.status].push(entry);
  }
  return columns;
}

/** Where a case may be moved from its column: every other status. */
export function moveTargets(status: CaseStatus): CaseStatus[] {
  return CASE_STATUSES.filter((target) => target !== status);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since the case was reported. */
export function ageInDays(createdAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS));
}
