import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreliminaryInput } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { attendanceQueryKey } from '../../../entities/attendance/attendance-query-key';

/** Absence from one event, registered in advance (a second registration replaces the first). */
export function registerPreliminary(input: PreliminaryInput): Promise<void> {
  return apiRequest<void>('/attendance/preliminary', { method: 'PUT', body: input });
}

export function useRegisterPreliminary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPreliminary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
}
