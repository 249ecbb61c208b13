import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { groupsQueryKey } from '../../../entities/groups/get-groups';

/** Removes the group together with its memberships. */
export function deleteGroup(id: string): Promise<void> {
  return apiRequest<void>(`/groups/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
