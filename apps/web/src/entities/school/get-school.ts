import { queryOptions, useQuery } from '@tanstack/react-query';
import type { School } from '@tun/shared/school';
import { SCHOOL_PATH } from '@tun/shared/page-data';
import { apiRequest } from '../../lib/api-client';

// The live topic 'school' invalidates this key.
export const schoolQueryKey = ['school'] as const;

export function getSchool(signal?: AbortSignal): Promise<School> {
  return apiRequest<School>(SCHOOL_PATH, { signal });
}

export const schoolQueryOptions = queryOptions({
  queryKey: schoolQueryKey,
  queryFn: ({ signal }) => getSchool(signal),
});

export function useSchool(options: { enabled?: boolean } = {}) {
  return useQuery({ ...schoolQueryOptions, enabled: options.enabled ?? true });
}
