import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { calendarQueryKey } from '../../../entities/calendar/get-calendar-events';

/** Removes the event that overrides a schedule occurrence, so the occurrence shows again (SPEC §4). */
export function revertEvent(id: string): Promise<void> {
  return apiRequest<void>(`/calendar/events/${encodeURIComponent(id)}/revert`, { method: 'POST' });
}

export function useRevertEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
