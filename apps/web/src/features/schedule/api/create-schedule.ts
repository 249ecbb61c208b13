import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schedule, ScheduleCreate } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';
import { scheduleQueryKey } from './get-schedule';
import { schedulesQueryKey } from './get-schedules';

/** A new named schedule, empty or a copy of another (`copyOf`). */
export function createSchedule(input: ScheduleCreate): Promise<Schedule> {
  return apiRequest<Schedule>('/calendar/schedules', { method: 'POST', body: input });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: (schedule) => {
      queryClient.setQueryData(scheduleQueryKey(schedule.id), schedule);
      return queryClient.invalidateQueries({ queryKey: schedulesQueryKey, exact: true });
    },
  });
}
