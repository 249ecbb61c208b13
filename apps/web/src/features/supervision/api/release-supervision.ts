import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supervision } from '@tun/shared/supervision';
import { apiRequest } from '../../../lib/api-client';
import { supervisionQueryKey } from './get-supervision';

/** Ends `personId`'s duty; if someone else has taken over meanwhile the server answers 409. */
export function releaseSupervision(personId: string): Promise<Supervision> {
  return apiRequest<Supervision>('/supervision/release', { method: 'POST', body: { personId } });
}

export function useReleaseSupervision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseSupervision,
    onSuccess: (supervision) => queryClient.setQueryData(supervisionQueryKey, supervision),
    // A 409 means the page showed an old state: fetch the current one.
    onError: () => queryClient.invalidateQueries({ queryKey: supervisionQueryKey }),
  });
}
