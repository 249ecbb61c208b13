import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dish, DishInput } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';
import { dishesQueryKey } from './get-dishes';

function createDish(input: DishInput): Promise<Dish> {
  return apiRequest<Dish>('/food/dishes', { method: 'POST', body: input });
}

function updateDish({ id, input }: { id: string; input: DishInput }): Promise<Dish> {
  return apiRequest<Dish>(`/food/dishes/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** A new dish (`id` absent) or all of an edited one. */
export function useSaveDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DishInput }) =>
      id === undefined ? createDish(input) : updateDish({ id, input }),
    onSuccess: () =>
      Promise.all(
        // The menus show a dish's name and allergens, so they change with it.
        [dishesQueryKey, ['foodPlan', 'menu']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
