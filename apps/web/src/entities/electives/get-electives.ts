import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Elective } from '@tun/shared/electives';
import { apiRequest } from '../../lib/api-client';

// The live topic 'electives' (and 'rooms', 'people') invalidates every key that starts with this.
export const electivesQueryKey = ['electives'] as const;

export function getElectives(signal?: AbortSignal): Promise<Elective[]> {
  return apiRequest<Elective[]>('/electives', { signal });
}

export const electivesQueryOptions = queryOptions({
  queryKey: electivesQueryKey,
  queryFn: ({ signal }) => getElectives(signal),
});

export function useElectives() {
  return useQuery(electivesQueryOptions);
}
