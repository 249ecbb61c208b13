import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dish } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'food' invalidates every key that starts with 'foodPlan'.
export const dishesQueryKey = ['foodPlan', 'dishes'] as const;

/** The library; with `archived`, the dishes deleted while a menu still names them as well. */
export function getDishes(archived: boolean, signal?: AbortSignal): Promise<Dish[]> {
  return apiRequest<Dish[]>(`/food/dishes${archived ? '?archived=1' : ''}`, { signal });
}

export const dishesQueryOptions = (archived: boolean) =>
  queryOptions({
    queryKey: [...dishesQueryKey, { archived }],
    queryFn: ({ signal }) => getDishes(archived, signal),
  });

export function useDishes(archived: boolean) {
  // Switching «Vis arkiverte» keeps the list in place until the other one is there.
  return useQuery({ ...dishesQueryOptions(archived), placeholderData: keepPreviousData });
}
