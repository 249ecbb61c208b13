import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Supervision } from '@tun/shared/supervision';
import { SUPERVISION_PATH } from '@tun/shared/page-data';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'school' invalidates this key: who is on duty is part of the school record.
export const supervisionQueryKey = ['supervision'] as const;

export function getSupervision(signal?: AbortSignal): Promise<Supervision> {
  return apiRequest<Supervision>(SUPERVISION_PATH, { signal });
}

export const supervisionQueryOptions = queryOptions({
  queryKey: supervisionQueryKey,
  queryFn: ({ signal }) => getSupervision(signal),
});

export function useSupervision(options: { enabled?: boolean } = {}) {
  return useQuery({ ...supervisionQueryOptions, enabled: options.enabled ?? true });
}
