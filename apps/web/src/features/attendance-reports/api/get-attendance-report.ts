import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AttendanceReport } from '@tun/shared/attendance-reports';

export interface ReportParams {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  lineId?: string;
}

export function reportSearchParams(params: ReportParams): URLSearchParams {
  const search = new URLSearchParams({ from: params.from, to: params.to });
  if (params.lineId) search.set('line', params.lineId);
  return search;
}

/** Where the same report is downloaded as CSV (a plain link: the session cookie goes along). */
export function reportCsvUrl(params: ReportParams): string {
  return `/api/v1/attendance/report.csv?${reportSearchParams(params).toString()}`;
}

export function getAttendanceReport(params: ReportParams, signal?: AbortSignal): Promise<AttendanceReport> {
  return apiRequest<AttendanceReport>(`/attendance/report?${reportSearchParams(params).toString()}`, {
    signal,
  });
}

// Under 'attendance': the live topic refreshes the report when attendance is taken.
export function attendanceReportQueryOptions(params: ReportParams) {
  return queryOptions({
    queryKey: ['attendance', 'report', params.from, params.to, params.lineId ?? null] as const,
    queryFn: ({ signal }) => getAttendanceReport(params, signal),
  });
}

/** The school's (or a line's) attendance report; null params while the period is being typed. */
export function useAttendanceReport(params: ReportParams | null) {
  return useQuery({
    ...attendanceReportQueryOptions(params ?? { from: '', to: '' }),
    enabled: params !== null,
    // The last report stays while another period loads, instead of the table flashing empty.
    placeholderData: keepPreviousData,
  });
}
