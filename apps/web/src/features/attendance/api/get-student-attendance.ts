import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceRecord } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { attendanceQueryKey, type DateRange } from '../../../entities/attendance/attendance-query-key';

export function getStudentAttendance(
  studentId: string,
  range: DateRange,
  signal?: AbortSignal,
): Promise<AttendanceRecord[]> {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  return apiRequest<AttendanceRecord[]>(
    `/attendance/students/${encodeURIComponent(studentId)}?${params.toString()}`,
    { signal },
  );
}

export function studentAttendanceQueryOptions(studentId: string, range: DateRange) {
  return queryOptions({
    queryKey: [...attendanceQueryKey, 'student', studentId, range] as const,
    queryFn: ({ signal }) => getStudentAttendance(studentId, range, signal),
  });
}

/** A student's records in a range (students and scholars: only their own). */
export function useStudentAttendance(studentId: string | null, range: DateRange | null) {
  return useQuery({
    ...studentAttendanceQueryOptions(studentId ?? '', range ?? { from: '', to: '' }),
    enabled: studentId !== null && range !== null,
    placeholderData: keepPreviousData,
  });
}
