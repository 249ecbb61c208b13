import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceHistory } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { attendanceQueryKey } from '../../../entities/attendance/attendance-query-key';

export function getRecordHistory(eventId: string, studentId: string, signal?: AbortSignal) {
  return apiRequest<AttendanceHistory>(
    `/attendance/events/${encodeURIComponent(eventId)}/students/${encodeURIComponent(studentId)}/history`,
    { signal },
  );
}

/** Every change of a student's record for an event, oldest first. */
export function useRecordHistory(eventId: string, studentId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: [...attendanceQueryKey, 'history', eventId, studentId] as const,
      queryFn: ({ signal }) => getRecordHistory(eventId, studentId, signal),
    }),
    enabled,
  });
}
