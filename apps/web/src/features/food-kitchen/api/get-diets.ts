import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonDiet } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'diets' invalidates both: the kitchen hears everyone's, a person only their own.
export const dietsQueryKey = ['foodPlan', 'diets'] as const;
export const dietQueryKey = (personId: string) => ['foodPlan', 'diet', personId] as const;

export function dietPath(personId: string): string {
  return `/food/diets/${encodeURIComponent(personId)}`;
}

/** Everyone's recorded diets: for the kitchen and admins (others get only their own). */
export function getDiets(signal?: AbortSignal): Promise<PersonDiet[]> {
  return apiRequest<PersonDiet[]>('/food/diets', { signal });
}

/** One person's diet; null when none is recorded. */
export function getDiet(personId: string, signal?: AbortSignal): Promise<PersonDiet | null> {
  return apiRequest<PersonDiet | null>(dietPath(personId), { signal });
}

export const dietsQueryOptions = queryOptions({
  queryKey: dietsQueryKey,
  queryFn: ({ signal }) => getDiets(signal),
});

export function dietQueryOptions(personId: string) {
  return queryOptions({
    queryKey: dietQueryKey(personId),
    queryFn: ({ signal }) => getDiet(personId, signal),
  });
}

export function useDiets(options: { enabled?: boolean } = {}) {
  return useQuery({ ...dietsQueryOptions, enabled: options.enabled ?? true });
}

export function useDiet(personId: string) {
  return useQuery(dietQueryOptions(personId));
}
