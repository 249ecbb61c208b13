import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MealChoiceInput } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';
import { menuQueryKey } from './get-menu-week';

function setMealChoice(input: MealChoiceInput): Promise<unknown> {
  return apiRequest<unknown>('/food/choices', { method: 'PUT', body: input });
}

/** A student's own «Jeg spiser ikke» / «Matpakke» for a meal; null takes it back. */
export function useSetMealChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMealChoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuQueryKey }),
  });
}
