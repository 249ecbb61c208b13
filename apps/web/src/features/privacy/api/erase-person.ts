import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function erasePerson(personId: string): Promise<void> {
  return apiRequest<void>(`/people/${encodeURIComponent(personId)}/erase`, { method: 'POST' });
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  });
}
