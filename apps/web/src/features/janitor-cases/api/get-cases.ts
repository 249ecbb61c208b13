import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Case, CaseList } from '@tun/shared/maintenance';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'cases' invalidates every key under this: a submitter hears only their own cases.
export const casesQueryKey = ['cases'] as const;
export const myCasesQueryKey = ['cases', 'list', 'mine'] as const;
export const caseQueryKey = (caseId: string) => ['cases', 'case', caseId] as const;

export const CASES_PATH = '/maintenance/cases';

export function casePath(caseId: string): string {
  return `${CASES_PATH}/${encodeURIComponent(caseId)}`;
}

/** The reader's own cases, also for a handler (who sees every case on the board). */
export function getMyCases(signal?: AbortSignal): Promise<CaseList> {
  return apiRequest<CaseList>(`${CASES_PATH}?mine=1`, { signal });
}

export function getCase(caseId: string, signal?: AbortSignal): Promise<Case> {
  return apiRequest<Case>(casePath(caseId), { signal });
}

export const myCasesQueryOptions = queryOptions({
  queryKey: myCasesQueryKey,
  queryFn: ({ signal }) => getMyCases(signal),
});

export function caseQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: caseQueryKey(caseId),
    queryFn: ({ signal }) => getCase(caseId, signal),
  });
}

export function useMyCases() {
  return useQuery(myCasesQueryOptions);
}

export function useCase(caseId: string) {
  return useQuery(caseQueryOptions(caseId));
}
