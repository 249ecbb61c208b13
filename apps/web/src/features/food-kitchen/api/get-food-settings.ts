import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoodSettings } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'food' invalidates this (a cut-off changed by another of the kitchen staff).
export const foodSettingsQueryKey = ['foodPlan', 'settings'] as const;

export function getFoodSettings(signal?: AbortSignal): Promise<FoodSettings> {
  return apiRequest<FoodSettings>('/food/settings', { signal });
}

export const foodSettingsQueryOptions = queryOptions({
  queryKey: foodSettingsQueryKey,
  queryFn: ({ signal }) => getFoodSettings(signal),
});

export function useFoodSettings() {
  return useQuery(foodSettingsQueryOptions);
}
