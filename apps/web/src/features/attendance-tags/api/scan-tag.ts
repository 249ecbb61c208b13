import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScanInput, ScanResult } from '@tun/shared/attendance-tags';
import { apiRequest } from '../../../lib/api-client';

/** A student's scan of a room's tag or screen code. */
export function scanTag(input: ScanInput): Promise<ScanResult> {
  return apiRequest<ScanResult>('/attendance/scan', { method: 'POST', body: input });
}

export function useScanTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scanTag,
    // The student's own records and percentages include the scan now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['attendance'] }),
  });
}
