import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Proposal } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';

export type ProposalState = 'pending' | 'approved' | 'rejected' | 'all';

/**
 * Under 'attendance': the live topic 'attendance' (a scholar proposing, a teacher deciding)
 * refreshes the lists while they are open.
 */
export const proposalsQueryKey = ['attendance', 'proposals'] as const;

export function getProposals(state: ProposalState, signal?: AbortSignal): Promise<Proposal[]> {
  return apiRequest<Proposal[]>(`/attendance/proposals?state=${state}`, { signal });
}

export function proposalsQueryOptions(state: ProposalState) {
  return queryOptions({
    queryKey: [...proposalsQueryKey, state] as const,
    queryFn: ({ signal }) => getProposals(state, signal),
  });
}

/** Proposals in a state, newest first; a scholar gets only their own. */
export function useProposals(state: ProposalState, options: { enabled?: boolean } = {}) {
  return useQuery({ ...proposalsQueryOptions(state), enabled: options.enabled ?? true });
}
