import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { peopleQueryKey } from '../../../entities/people/get-people';

export function deletePerson(id: string): Promise<void> {
  return apiRequest<void>(`/people/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}
