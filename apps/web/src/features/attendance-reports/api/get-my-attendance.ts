import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MyAttendanceSummary } from '@tun/shared/attendance-reports';
import type { Session } from '@tun/shared/auth';
import { can } from '../../../entities/session/access';

export function getMyAttendance(signal?: AbortSignal): Promise<MyAttendanceSummary> {
  return apiRequest<MyAttendanceSummary>('/attendance/me/summary', { signal });
}

// Under 'attendance': a scan or a teacher's sheet refreshes the card live.
export const myAttendanceQueryOptions = queryOptions({
  queryKey: ['attendance', 'me', 'summary'] as const,
  queryFn: ({ signal }) => getMyAttendance(signal),
});

/** Students and scholars see only their own absence; staff see everyone's in the report. */
export function seesOnlyOwnAttendance(session: Session): boolean {
  return can(session, 'absence:view', { own: true }) && !can(session, 'absence:view');
}

/** The signed-in student's own attendance for the school year and the last eight weeks. */
export function useMyAttendance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myAttendanceQueryOptions, enabled: options.enabled ?? true });
}
