import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInSession } from '@tun/shared/auth';
import { apiRequest } from '../../../lib/api-client';

const sessionsQueryKey = ['sessions'] as const;

export function useOwnSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => apiRequest<SignedInSession[]>('/sessions', { signal }),
  });
}

/** Ends one of one's sessions by id, or every other one. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: string } | 'others'): Promise<void> => {
      await apiRequest<unknown>(which === 'others' ? '/sessions' : `/sessions/${which.id}`, {
        method: 'DELETE',
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** An admin signs a person out on every device; answers how many sessions ended. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: (personId: string) =>
      apiRequest<{ ended: number }>(`/people/${personId}/sessions`, { method: 'DELETE' }),
  });
}
