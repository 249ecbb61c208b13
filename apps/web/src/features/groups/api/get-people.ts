import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@tun/shared/people';
import { apiRequest } from '../../../lib/api-client';

/** Everyone at the school, for the member picker and for names; the live topic 'people' invalidates it. */
export const peopleQueryKey = ['people'] as const;

export const peopleQueryOptions = queryOptions({
  queryKey: peopleQueryKey,
  queryFn: ({ signal }) => apiRequest<Person[]>('/people', { signal }),
});

export function usePeople() {
  return useQuery(peopleQueryOptions);
}
