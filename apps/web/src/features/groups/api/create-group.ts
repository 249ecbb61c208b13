import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group, GroupInput } from '@tun/shared/groups';
import { apiRequest } from '../../../lib/api-client';
import { groupsQueryKey } from '../../../entities/groups/get-groups';

export function createGroup(input: GroupInput): Promise<Group> {
  return apiRequest<Group>('/groups', { method: 'POST', body: input });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    // The live stream would refresh it too; this makes the author's own change show at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
