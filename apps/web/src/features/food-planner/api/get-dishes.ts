import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dish } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'food' invalidates it with the rest of the planner.
const dishesQueryKey = ['foodPlan', 'dishes'] as const;

function getDishes(signal?: AbortSignal): Promise<Dish[]> {
  return apiRequest<Dish[]>('/food/dishes', { signal });
}

const dishesQueryOptions = queryOptions({
  queryKey: dishesQueryKey,
  queryFn: ({ signal }) => getDishes(signal),
});

/** The dish library to choose from (archived dishes left out), for the meal editor. */
export function useDishes(options: { enabled: boolean }) {
  return useQuery({ ...dishesQueryOptions, enabled: options.enabled });
}
