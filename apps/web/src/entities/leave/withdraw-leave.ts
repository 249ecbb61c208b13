import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Leave } from '@tun/shared/leave';
import { apiRequest } from '../../lib/api-client';
import { leavePath, leaveQueryKey } from './get-leave';

/**
 * Withdraws an application or an approved leave (the applicant, or an approver): its absence in
 * advance is taken back at once, so every list of leave loads again.
 */
export function useWithdrawLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Leave>(`${leavePath(id)}/withdraw`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveQueryKey }),
  });
}
