import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Leave, LeaveList, LeaveQuery } from '@tun/shared/leave';
import { LEAVE_PATH, leaveListPath, PENDING_LEAVE } from '@tun/shared/page-data';
import { apiRequest } from '../../lib/api-client';

export { LEAVE_PATH, PENDING_LEAVE };

// The live topic 'leave' invalidates every key that starts with 'leave'.
export const leaveQueryKey = ['leave'] as const;

export function leavePath(id: string): string {
  return `${LEAVE_PATH}/${encodeURIComponent(id)}`;
}

function getLeaveList(query: LeaveQuery, signal?: AbortSignal): Promise<LeaveList> {
  return apiRequest<LeaveList>(leaveListPath(query), { signal });
}

export function leaveListQueryOptions(query: LeaveQuery) {
  return queryOptions({
    queryKey: [...leaveQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => getLeaveList(query, signal),
  });
}

/**
 * Applications for leave, newest first: a student or scholar gets their own, teachers and admins
 * every one, each with what the reader may do with it (`policies`).
 */
export function useLeaveList(query: LeaveQuery = {}) {
  return useQuery(leaveListQueryOptions(query));
}

/** One application, for a link to one that a list does not show; none asked while `id` is null. */
export function useLeave(id: string | null) {
  return useQuery({
    queryKey: [...leaveQueryKey, 'one', id] as const,
    queryFn: ({ signal }) => apiRequest<Leave>(leavePath(id ?? ''), { signal }),
    enabled: id !== null,
  });
}
