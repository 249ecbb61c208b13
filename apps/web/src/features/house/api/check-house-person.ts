import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HouseCheckInput, HouseTonight } from '@tun/shared/leave';
import { apiRequest } from '../../../lib/api-client';
import { withCheck } from '../model/house-model';
import { houseQueryKey, houseTonightQueryKey } from './get-house-tonight';

function checkHousePerson(input: HouseCheckInput): Promise<void> {
  return apiRequest<void>('/house/checks', { method: 'PUT', body: input });
}

/**
 * «Inne» / «Ikke inne» for one person tonight, or null to clear it. The list shows the check at
 * once and goes back to what it was if the server refuses; the answer afterwards (and the live
 * topic, for everyone else) has the server's time and who checked.
 */
export function useCheckHousePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkHousePerson,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: houseTonightQueryKey });
      const previous = queryClient.getQueryData<HouseTonight>(houseTonightQueryKey);
      if (previous) {
        queryClient.setQueryData<HouseTonight>(
          houseTonightQueryKey,
          withCheck(previous, input, new Date().toISOString()),
        );
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(houseTonightQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: houseQueryKey }),
  });
}
