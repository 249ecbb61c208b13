import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schedule, ScheduleInput } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';
import { scheduleQueryKey } from './get-schedule';

/** Replaces the whole schedule: every day is sent; entries without an id are new. */
export function updateSchedule({ id, input }: { id: string; input: ScheduleInput }): Promise<Schedule> {
  return apiRequest<Schedule>(`/calendar/schedules/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    onSuccess: (schedule) => {
      queryClient.setQueryData(scheduleQueryKey(schedule.id), schedule);
      // The list (names, dates, counts) and every calendar view built from the schedule; the
      // live stream does this too, this makes the admin's own change show at once.
      return queryClient.invalidateQueries({
        queryKey: ['calendar'],
        predicate: (query) => !(query.queryKey[1] === 'schedules' && query.queryKey[2] === schedule.id),
      });
    },
  });
}
