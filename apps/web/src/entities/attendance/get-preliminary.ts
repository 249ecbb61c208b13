import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PreliminaryList } from '@tun/shared/attendance';
import { apiRequest } from '../../lib/api-client';
import { attendanceQueryKey, type DateRange } from './attendance-query-key';

export interface PreliminaryQuery extends DateRange {
  studentId?: string;
}

export function getPreliminary(query: PreliminaryQuery, signal?: AbortSignal): Promise<PreliminaryList> {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.studentId) params.set('studentId', query.studentId);
  return apiRequest<PreliminaryList>(`/attendance/preliminary?${params.toString()}`, { signal });
}

export function preliminaryQueryOptions(query: PreliminaryQuery) {
  return queryOptions({
    queryKey: [...attendanceQueryKey, 'preliminary', query] as const,
    queryFn: ({ signal }) => getPreliminary(query, signal),
  });
}

/** Absence registered in advance, per event and per whole day, in a range of school dates. */
export function usePreliminary(query: PreliminaryQuery | null) {
  return useQuery({
    ...preliminaryQueryOptions(query ?? { from: '', to: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
