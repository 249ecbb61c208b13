import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@tun/shared/people';
import { apiRequest } from '../../../lib/api-client';

/** Everyone at the school, for the member picker; the live topic 'people' invalidates it. */
export const peopleQueryKey = ['people'] as const;

export const peopleQueryOptions = queryOptions({
  queryKey: peopleQueryKey,
  queryFn: ({ signal }) => apiRequest<Person[]>('/people', { signal }),
});

export function usePeople(options: { enabled?: boolean } = {}) {
  return useQuery({ ...peopleQueryOptions, enabled: options.enabled ?? true });
}
