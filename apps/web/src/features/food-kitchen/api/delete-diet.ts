import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dietPath, dietQueryKey, dietsQueryKey } from './get-diets';

/** Consent withdrawn: the diet is gone for good. */
export function deleteDiet(personId: string): Promise<void> {
  return apiRequest<void>(dietPath(personId), { method: 'DELETE' });
}

export function useDeleteDiet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiet,
    onSuccess: (_result, personId) => {
      queryClient.setQueryData(dietQueryKey(personId), null);
      return queryClient.invalidateQueries({ queryKey: dietsQueryKey });
    },
  });
}
