import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dishesQueryKey } from './get-dishes';

/** Deletes the dish; one that a menu still names is archived instead and stays on that menu. */
export function deleteDish(id: string): Promise<void> {
  return apiRequest<void>(`/food/dishes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDish,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dishesQueryKey }),
  });
}
