import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceSheet } from '@tun/shared/attendance';
import { attendanceQueryKey } from '../../../entities/attendance/attendance-query-key';
import { attendanceSheetPath } from '@tun/shared/page-data';
import { apiRequest } from '../../../lib/api-client';

export function getAttendanceSheet(eventId: string, signal?: AbortSignal): Promise<AttendanceSheet> {
  return apiRequest<AttendanceSheet>(attendanceSheetPath(eventId), { signal });
}

export function attendanceSheetQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: [...attendanceQueryKey, 'sheet', eventId] as const,
    queryFn: ({ signal }) => getAttendanceSheet(eventId, signal),
  });
}

/** The sheet of one event: expected students, their records and absence registered in advance. */
export function useAttendanceSheet(eventId: string) {
  return useQuery(attendanceSheetQueryOptions(eventId));
}
