import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MealMenuInput } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';
import { menuQueryKey } from './get-menu-week';

function saveMealMenu(input: MealMenuInput): Promise<unknown> {
  return apiRequest<unknown>('/food/menu/meal', { method: 'PUT', body: input });
}

/** The dishes of one meal, in order; none clears it. */
export function useSaveMealMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMealMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuQueryKey }),
  });
}
