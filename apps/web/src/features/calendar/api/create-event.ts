import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarEvent, EventInput } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';
import { calendarQueryKey } from '../../../entities/calendar/get-calendar-events';

export function createEvent(input: EventInput): Promise<CalendarEvent> {
  return apiRequest<CalendarEvent>('/calendar/events', { method: 'POST', body: input });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    // The live stream would refresh it too; this makes the author's own change show at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
