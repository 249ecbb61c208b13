import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceSheet } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every attendance key starts with 'attendance': the live topic 'attendance' (a tag scan, another
 * teacher saving) refreshes them; 'preliminaryAbsence' (absence registered in advance, which
 * students do not hear of) refreshes the sheets and the lists of absence in advance.
 */
export const attendanceQueryKey = ['attendance'] as const;

/** Event ids may be schedule occurrences (`entry@ms#line`): '@' and '#' must be encoded in a path. */
export function eventPath(eventId: string): string {
  return `/attendance/events/${encodeURIComponent(eventId)}`;
}

export function getAttendanceSheet(eventId: string, signal?: AbortSignal): Promise<AttendanceSheet> {
  return apiRequest<AttendanceSheet>(eventPath(eventId), { signal });
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
