import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonDiet, PersonDietInput } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';
import { dietPath, dietQueryKey, dietsQueryKey } from './get-diets';

export function saveDiet({
  personId,
  input,
}: {
  personId: string;
  input: PersonDietInput;
}): Promise<PersonDiet> {
  return apiRequest<PersonDiet>(dietPath(personId), { method: 'PUT', body: input });
}

export function useSaveDiet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiet,
    onSuccess: (saved, { personId }) => {
      queryClient.setQueryData(dietQueryKey(personId), saved);
      return queryClient.invalidateQueries({ queryKey: dietsQueryKey });
    },
  });
}
