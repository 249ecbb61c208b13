import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schedule } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';
import { schedulesQueryKey } from './get-schedules';

export const scheduleQueryKey = (id: string) => [...schedulesQueryKey, id] as const;

export function getSchedule(id: string, signal?: AbortSignal): Promise<Schedule> {
  return apiRequest<Schedule>(`/calendar/schedules/${encodeURIComponent(id)}`, { signal });
}

export const scheduleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scheduleQueryKey(id),
    queryFn: ({ signal }) => getSchedule(id, signal),
  });

export function useSchedule(id: string) {
  return useQuery(scheduleQueryOptions(id));
}
