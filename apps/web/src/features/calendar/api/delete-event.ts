import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { calendarQueryKey } from '../../../entities/calendar/get-calendar-events';

/** Removes a concrete event, or marks one schedule occurrence as deleted (SPEC §4). */
export function deleteEvent(id: string): Promise<void> {
  return apiRequest<void>(`/calendar/events/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
