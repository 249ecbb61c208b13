import { queryOptions, useQuery } from '@tanstack/react-query';
import type { School } from '@tun/shared/school';
import { apiRequest } from '../../lib/api-client';

// The live topic 'school' invalidates this key.
export const schoolQueryKey = ['school'] as const;

export function getSchool(signal?: AbortSignal): Promise<School> {
  return apiRequest<School>('/school', { signal });
}

export const schoolQueryOptions = queryOptions({
  queryKey: schoolQueryKey,
  queryFn: ({ signal }) => getSchool(signal),
});

export function useSchool(options: { enabled?: boolean } = {}) {
  return useQuery({ ...schoolQueryOptions, enabled: options.enabled ?? true });
}
