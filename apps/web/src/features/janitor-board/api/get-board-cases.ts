import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseList } from '@tun/shared/maintenance';
import { apiRequest } from '../../../lib/api-client';
import { caseListSearch, type CaseFilters } from '../model/case-filters';

// The live topic 'cases' invalidates every key that starts with 'cases'.
export const boardCasesQueryKey = ['cases', 'board'] as const;

function getBoardCases(filters: CaseFilters, signal?: AbortSignal): Promise<CaseList> {
  return apiRequest<CaseList>(`/maintenance/cases?${caseListSearch(filters)}`, { signal });
}

const boardCasesQueryOptions = (filters: CaseFilters) =>
  queryOptions({
    queryKey: [...boardCasesQueryKey, filters],
    queryFn: ({ signal }) => getBoardCases(filters, signal),
    // A changed filter keeps the last answer on screen until the new one is in.
    placeholderData: keepPreviousData,
  });

/** The school's cases as a handler sees them, filtered by the server. */
export function useBoardCases(filters: CaseFilters) {
  return useQuery(boardCasesQueryOptions(filters));
}
