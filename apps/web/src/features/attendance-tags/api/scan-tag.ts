import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceStatus } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';

export interface ScanResult {
  event: { id: string; name: string; start: string; end: string };
  /** The effective status: a teacher's manual status still wins over the scan. */
  status: AttendanceStatus;
}

/** What a 409 scan-too-early tells besides its code (RFC 9457 extension members). */
export interface TooEarly {
  event: { id: string; name: string; start: string; end: string };
  opensAt: string;
}

/** A student's scan of a room's tag or screen code. */
export function scanTag(input: { roomId: string; key: string }): Promise<ScanResult> {
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
