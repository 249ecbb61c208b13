import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, CaseStatusInput } from '@tun/shared/maintenance';
import { apiRequest } from '../../../lib/api-client';

function setCaseStatus({ id, input }: { id: string; input: CaseStatusInput }): Promise<Case> {
  return apiRequest<Case>(`/maintenance/cases/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: input,
  });
}

/** Moves a case on the board; the submitter is notified by the server. */
export function useSetCaseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCaseStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cases'] }),
  });
}
