import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { peopleQueryKey } from '../../../entities/people/get-people';
import { studentsQueryKey } from '../../../entities/students/get-students';
import { linesQueryKey } from '../../../entities/lines/get-lines';

/** Removes the line and every member's membership of it (SPEC §4 'Group deletion'). */
export function deleteLine(id: string): Promise<{ removedMembers: number }> {
  return apiRequest<{ removedMembers: number }>(`/lines/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLine,
    onSuccess: (_result, id) => {
      // The deleted line's own query would only answer 404 now.
      queryClient.removeQueries({ queryKey: [...linesQueryKey, id], exact: true });
      // Not awaited: the caller leaves the deleted line's page without waiting for the refresh.
      void queryClient.invalidateQueries({ queryKey: linesQueryKey });
      void queryClient.invalidateQueries({ queryKey: peopleQueryKey });
      void queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    },
  });
}
