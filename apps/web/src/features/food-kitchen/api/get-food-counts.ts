import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FoodCounts } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';

/** The page shows a week of days at a time. */
export const COUNT_DAYS = 7;

// The live topics 'food', 'diets', 'mealChoices' and 'mealCounts' invalidate every key under this.
export const foodCountsQueryKey = ['foodPlan', 'counts'] as const;

export function getFoodCounts(from: string, signal?: AbortSignal): Promise<FoodCounts> {
  const query = new URLSearchParams({ from, days: String(COUNT_DAYS) });
  return apiRequest<FoodCounts>(`/food/counts?${query}`, { signal });
}

export function foodCountsQueryOptions(from: string) {
  return queryOptions({
    queryKey: [...foodCountsQueryKey, from],
    queryFn: ({ signal }) => getFoodCounts(from, signal),
  });
}

/**
 * How many will eat, from `from` for a week. The week before stays on screen while the next
 * one loads, so stepping through the weeks does not make the page jump.
 */
export function useFoodCounts(from: string | null) {
  return useQuery({
    ...foodCountsQueryOptions(from ?? ''),
    enabled: from !== null,
    placeholderData: keepPreviousData,
  });
}
