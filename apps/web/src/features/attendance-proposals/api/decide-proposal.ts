import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { proposalPath } from './submit-proposal';

export type Decision = 'approve' | 'reject';

/** Approving copies the proposal into attendance; rejecting leaves attendance as it is. */
export function decideProposal({
  eventId,
  decision,
}: {
  eventId: string;
  decision: Decision;
}): Promise<void> {
  return apiRequest<void>(`${proposalPath(eventId)}/${decision}`, { method: 'POST' });
}

export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideProposal,
    // Every 'attendance' key: approving changes the event's sheet and the students' records too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['attendance'] }),
  });
}
