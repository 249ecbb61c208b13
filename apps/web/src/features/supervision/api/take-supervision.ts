import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supervision } from '@tun/shared/supervision';
import { apiRequest } from '../../../lib/api-client';
import { supervisionQueryKey } from './get-supervision';

export function takeSupervision(): Promise<Supervision> {
  return apiRequest<Supervision>('/supervision/take', { method: 'POST' });
}

export function useTakeSupervision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeSupervision,
    // The answer is the new state; the live stream tells everyone else.
    onSuccess: (supervision) => queryClient.setQueryData(supervisionQueryKey, supervision),
  });
}
