import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Elective, ElectiveUpdate } from '@tun/shared/electives';
import { apiRequest } from '../../../lib/api-client';
import { electivesQueryKey } from '../../../entities/electives/get-electives';

export function updateElective({ id, change }: { id: string; change: ElectiveUpdate }): Promise<Elective> {
  return apiRequest<Elective>(`/electives/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
}

export function useUpdateElective() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateElective,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: electivesQueryKey }),
  });
}
