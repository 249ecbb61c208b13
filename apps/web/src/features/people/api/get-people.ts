import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@tun/shared/people';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'people' (and 'lines', for memberships) invalidates this key.
export const peopleQueryKey = ['people'] as const;

export function getPeople(signal?: AbortSignal): Promise<Person[]> {
  return apiRequest<Person[]>('/people', { signal });
}

export const peopleQueryOptions = queryOptions({
  queryKey: peopleQueryKey,
  queryFn: ({ signal }) => getPeople(signal),
});

/** Everyone at the school: for tables, pickers and names. */
export function usePeople(options: { enabled?: boolean } = {}) {
  return useQuery({ ...peopleQueryOptions, enabled: options.enabled ?? true });
}
