import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { electivesQueryKey } from '../../../entities/electives/get-electives';

export function deleteElective(id: string): Promise<void> {
  return apiRequest<void>(`/electives/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteElective() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteElective,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: electivesQueryKey }),
  });
}
