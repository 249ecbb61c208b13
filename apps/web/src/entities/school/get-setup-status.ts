import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '@tun/shared/auth';
import { SETUP_PATH } from '@tun/shared/page-data';
import { apiRequest } from '../../lib/api-client';

export type { SetupStatus };

export const setupStatusQueryKey = ['setup'] as const;

export function getSetupStatus(signal?: AbortSignal): Promise<SetupStatus> {
  return apiRequest<SetupStatus>(SETUP_PATH, { signal });
}

export const setupStatusQueryOptions = queryOptions({
  queryKey: setupStatusQueryKey,
  queryFn: ({ signal }) => getSetupStatus(signal),
  staleTime: Infinity,
});

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions);
}
