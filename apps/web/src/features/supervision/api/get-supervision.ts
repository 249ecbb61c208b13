import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Supervision } from '@tun/shared/supervision';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'school' invalidates this key: who is on duty is part of the school record.
export const supervisionQueryKey = ['supervision'] as const;

export function getSupervision(signal?: AbortSignal): Promise<Supervision> {
  return apiRequest<Supervision>('/supervision', { signal });
}

export const supervisionQueryOptions = queryOptions({
  queryKey: supervisionQueryKey,
  queryFn: ({ signal }) => getSupervision(signal),
});

export function useSupervision(options: { enabled?: boolean } = {}) {
  return useQuery({ ...supervisionQueryOptions, enabled: options.enabled ?? true });
}
