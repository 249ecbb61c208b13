import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseStats } from '@tun/shared/maintenance';
import { apiRequest } from '../../../lib/api-client';
import type { Period } from '../model/stats';

// The live topic 'cases' invalidates every key that starts with 'cases'.
const caseStatsQueryKey = ['cases', 'stats'] as const;

export function periodSearch({ from, to }: Period): string {
  return new URLSearchParams({ from, to }).toString();
}

function getCaseStats(period: Period, signal?: AbortSignal): Promise<CaseStats> {
  return apiRequest<CaseStats>(`/maintenance/stats?${periodSearch(period)}`, { signal });
}

const caseStatsQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: [...caseStatsQueryKey, period.from, period.to],
    queryFn: ({ signal }) => getCaseStats(period, signal),
    placeholderData: keepPreviousData,
  });

/** Open cases now, and what was reported and solved in the period; none while it is invalid. */
export function useCaseStats(period: Period | null) {
  return useQuery({
    ...caseStatsQueryOptions(period ?? { from: '', to: '' }),
    enabled: period !== null,
  });
}
