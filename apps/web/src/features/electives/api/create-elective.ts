import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Elective, ElectiveInput } from '@tun/shared/electives';
import { apiRequest } from '../../../lib/api-client';
import { electivesQueryKey } from '../../../entities/electives/get-electives';

export function createElective(input: ElectiveInput): Promise<Elective> {
  return apiRequest<Elective>('/electives', { method: 'POST', body: input });
}

export function useCreateElective() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createElective,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: electivesQueryKey }),
  });
}
