import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, CaseInput, CaseStatusInput } from '@tun/shared/maintenance';
import { apiRequest } from '../../../lib/api-client';
import { caseQueryKey, casePath, casesQueryKey, CASES_PATH } from './get-cases';

export function createCase(input: CaseInput): Promise<Case> {
  return apiRequest<Case>(CASES_PATH, { method: 'POST', body: input });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: (created) => {
      queryClient.setQueryData(caseQueryKey(created.id), created);
      return queryClient.invalidateQueries({ queryKey: [...casesQueryKey, 'list'] });
    },
  });
}

/**
 * Every change to a case answers with the case as it is now: the page shows it at once, and the
 * lists (with their statuses and counts) load again.
 */
function useCaseChange<Variables>(request: (caseId: string, variables: Variables) => Promise<Case>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, ...variables }: { caseId: string } & Variables) =>
      request(caseId, variables as Variables),
    onSuccess: (changed, { caseId }) => {
      if (changed && typeof changed === 'object' && 'policies' in changed) {
        queryClient.setQueryData(caseQueryKey(caseId), changed);
      }
      return queryClient.invalidateQueries({ queryKey: casesQueryKey });
    },
  });
}

export function useSetCaseStatus() {
  return useCaseChange((caseId, input: CaseStatusInput) =>
    apiRequest<Case>(`${casePath(caseId)}/status`, { method: 'PUT', body: input }),
  );
}

export function useSetCaseAssignee() {
  return useCaseChange((caseId, input: { assigneeId: string | null }) =>
    apiRequest<Case>(`${casePath(caseId)}/assignee`, { method: 'PUT', body: input }),
  );
}

export function useAddCaseComment() {
  return useCaseChange((caseId, input: { body: string; internal: boolean }) =>
    apiRequest<Case>(`${casePath(caseId)}/comments`, { method: 'POST', body: input }),
  );
}

export function useReopenCase() {
  return useCaseChange((caseId, input: { reason: string }) =>
    apiRequest<Case>(`${casePath(caseId)}/reopen`, { method: 'POST', body: input }),
  );
}
