import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FoodSettings } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';
import { foodSettingsQueryKey } from './get-food-settings';

export function saveFoodSettings(settings: FoodSettings): Promise<FoodSettings> {
  return apiRequest<FoodSettings>('/food/settings', { method: 'PUT', body: settings });
}

export function useSaveFoodSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFoodSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(foodSettingsQueryKey, saved);
      // Each meal's «open until» follows the cut-off.
      return queryClient.invalidateQueries({ queryKey: ['foodPlan', 'menu'] });
    },
  });
}
