import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceSheetInput } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { proposalsQueryKey } from './get-proposals';

/** Event ids may be schedule occurrences (`entry@ms#line`): '@' and '#' must be encoded in a path. */
export function proposalPath(eventId: string): string {
  return `/attendance/proposals/${encodeURIComponent(eventId)}`;
}

/** A scholar's proposal for an event; it replaces their pending one for the same event. */
export function submitProposal({
  eventId,
  input,
}: {
  eventId: string;
  input: AttendanceSheetInput;
}): Promise<void> {
  return apiRequest<void>(proposalPath(eventId), { method: 'PUT', body: input });
}

export function useSubmitProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProposal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalsQueryKey }),
  });
}
