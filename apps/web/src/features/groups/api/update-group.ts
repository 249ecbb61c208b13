import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group, GroupUpdate } from '@tun/shared/groups';
import { apiRequest } from '../../../lib/api-client';
import { groupsQueryKey } from '../../../entities/groups/get-groups';

export function updateGroup({ id, update }: { id: string; update: GroupUpdate }): Promise<Group> {
  return apiRequest<Group>(`/groups/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
