import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceRecord } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { attendanceQueryKey, type DateRange } from '../../../entities/attendance/attendance-query-key';

export function getLineAttendance(
  lineId: string,
  range: DateRange,
  signal?: AbortSignal,
): Promise<AttendanceRecord[]> {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  return apiRequest<AttendanceRecord[]>(
    `/attendance/lines/${encodeURIComponent(lineId)}?${params.toString()}`,
    { signal },
  );
}

export function lineAttendanceQueryOptions(lineId: string, range: DateRange) {
  return queryOptions({
    queryKey: [...attendanceQueryKey, 'line', lineId, range] as const,
    queryFn: ({ signal }) => getLineAttendance(lineId, range, signal),
  });
}

/** The records of a line's students in a range. */
export function useLineAttendance(lineId: string | null, range: DateRange | null) {
  return useQuery({
    ...lineAttendanceQueryOptions(lineId ?? '', range ?? { from: '', to: '' }),
    enabled: lineId !== null && range !== null,
    placeholderData: keepPreviousData,
  });
}
