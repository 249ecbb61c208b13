import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { attendanceQueryKey } from '../../../entities/attendance/attendance-query-key';

/** One registration: for an event, or for a whole day. */
export type PreliminaryKey =
  { kind: 'event'; eventId: string; studentId: string } | { kind: 'day'; date: string; studentId: string };

export function deletePreliminary(key: PreliminaryKey): Promise<void> {
  const path =
    key.kind === 'event'
      ? `/attendance/preliminary/${encodeURIComponent(key.eventId)}/${encodeURIComponent(key.studentId)}`
      : `/attendance/preliminary-days/${encodeURIComponent(key.date)}/${encodeURIComponent(key.studentId)}`;
  return apiRequest<void>(path, { method: 'DELETE' });
}

export function useDeletePreliminary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePreliminary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
}
