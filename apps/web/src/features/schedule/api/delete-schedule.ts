import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Deletes a named schedule; the normal week cannot be deleted (409 normal-week-required). */
export function deleteSchedule(id: string): Promise<void> {
  return apiRequest<void>(`/calendar/schedules/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    // The list, and calendar views where the schedule replaced the normal week. Not the deleted
    // schedule itself: it would answer 404 while the page still shows it and moves on.
    onSuccess: (_result, id) =>
      queryClient.invalidateQueries({
        queryKey: ['calendar'],
        predicate: (query) => !(query.queryKey[1] === 'schedules' && query.queryKey[2] === id),
      }),
  });
}
