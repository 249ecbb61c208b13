import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Round, RoundInput } from '@tun/shared/maintenance';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'cases' invalidates every key that starts with 'cases'.
const roundsQueryKey = ['cases', 'rounds'] as const;

function getRounds(signal?: AbortSignal): Promise<Round[]> {
  return apiRequest<Round[]>('/maintenance/rounds', { signal });
}

const roundsQueryOptions = queryOptions({
  queryKey: roundsQueryKey,
  queryFn: ({ signal }) => getRounds(signal),
});

/** The school's recurring checks. */
export function useRounds() {
  return useQuery(roundsQueryOptions);
}

function saveRound({ id, input }: { id?: string; input: RoundInput }): Promise<Round> {
  return id === undefined
    ? apiRequest<Round>('/maintenance/rounds', { method: 'POST', body: input })
    : apiRequest<Round>(`/maintenance/rounds/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** A new round (`id` absent) or all of an edited one. */
export function useSaveRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsQueryKey }),
  });
}

function deleteRound(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/maintenance/rounds/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Stops a round; the cases it made stay. */
export function useDeleteRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsQueryKey }),
  });
}
