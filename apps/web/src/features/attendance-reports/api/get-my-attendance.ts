import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAttendanceSummary } from '@tun/shared/attendance-reports';
import { MY_ATTENDANCE_PATH } from '@tun/shared/page-data';
import { apiRequest } from '../../../lib/api-client';

export { seesOnlyOwnAttendance } from '@tun/shared/page-data';

export function getMyAttendance(signal?: AbortSignal): Promise<MyAttendanceSummary> {
  return apiRequest<MyAttendanceSummary>(MY_ATTENDANCE_PATH, { signal });
}

// Under 'attendance': a scan or a teacher's sheet refreshes the card live.
export const myAttendanceQueryOptions = queryOptions({
  queryKey: ['attendance', 'me', 'summary'] as const,
  queryFn: ({ signal }) => getMyAttendance(signal),
});

/** The signed-in student's own attendance for the school year and the last eight weeks. */
export function useMyAttendance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myAttendanceQueryOptions, enabled: options.enabled ?? true });
}
