import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleSummary } from '@tun/shared/calendar';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'calendar' invalidates every key that starts with 'calendar'.
export const schedulesQueryKey = ['calendar', 'schedules'] as const;

/** The normal week first, then the named schedules by start date. */
export function getSchedules(signal?: AbortSignal): Promise<ScheduleSummary[]> {
  return apiRequest<ScheduleSummary[]>('/calendar/schedules', { signal });
}

export const schedulesQueryOptions = queryOptions({
  queryKey: schedulesQueryKey,
  queryFn: ({ signal }) => getSchedules(signal),
});

export function useSchedules() {
  return useQuery(schedulesQueryOptions);
}
