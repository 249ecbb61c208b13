import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Leave, LeaveInput } from '@tun/shared/leave';
import { LEAVE_PATH, leavePath, leaveQueryKey } from '../../../entities/leave/get-leave';
import { apiRequest } from '../../../lib/api-client';

/** A student or scholar applies for themselves; the approvers are told. */
export function useApplyForLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeaveInput) => apiRequest<Leave>(LEAVE_PATH, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveQueryKey }),
  });
}

/** All of one's own application, while it is pending. */
export function useEditLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: LeaveInput }) =>
      apiRequest<Leave>(leavePath(id), { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveQueryKey }),
  });
}
