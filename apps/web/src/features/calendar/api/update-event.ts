import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarEvent, EventInput } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';
import { calendarQueryKey } from '../../../entities/calendar/get-calendar-events';

/**
 * Replaces an event's fields. For a schedule occurrence (`entry@ms#target`) the server creates
 * or updates the event that overrides it and returns that one.
 */
export function updateEvent({ id, input }: { id: string; input: EventInput }): Promise<CalendarEvent> {
  return apiRequest<CalendarEvent>(`/calendar/events/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
