import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceSheet, AttendanceSheetInput } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { attendanceQueryKey } from '../../../entities/attendance/attendance-query-key';
import { attendanceSheetQueryOptions, eventPath } from './get-attendance-sheet';

/** SPEC §7 batch write: every listed student in one request and one transaction. */
export function saveAttendanceSheet({
  eventId,
  input,
}: {
  eventId: string;
  input: AttendanceSheetInput;
}): Promise<AttendanceSheet> {
  return apiRequest<AttendanceSheet>(eventPath(eventId), { method: 'PUT', body: input });
}

export function useSaveAttendanceSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendanceSheet,
    onSuccess: async (sheet, { eventId }) => {
      // The answer is the saved sheet: show it at once, then let the student and line views catch up.
      queryClient.setQueryData(attendanceSheetQueryOptions(eventId).queryKey, sheet);
      await queryClient.invalidateQueries({
        queryKey: attendanceQueryKey,
        predicate: (query) => query.queryKey[1] !== 'sheet' || query.queryKey[2] !== eventId,
      });
    },
  });
}
