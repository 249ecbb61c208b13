import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@tun/shared/groups';
import { apiRequest } from '../../lib/api-client';

/** Active and archived groups together; the live topic 'groups' invalidates this key. */
export const groupsQueryKey = ['groups'] as const;

export function getGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest<Group[]>('/groups', { signal });
}

export const groupsQueryOptions = queryOptions({
  queryKey: groupsQueryKey,
  queryFn: ({ signal }) => getGroups(signal),
});

export function useGroups() {
  return useQuery(groupsQueryOptions);
}
