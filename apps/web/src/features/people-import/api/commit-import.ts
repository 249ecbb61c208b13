import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportCommitResult, ImportFile } from '@tun/shared/people-import';
import { apiRequest } from '../../../lib/api-client';

/** Creates everyone in the file in one transaction, or no one. */
export function commitImport(file: ImportFile): Promise<ImportCommitResult> {
  return apiRequest<ImportCommitResult>('/people/import/commit', { method: 'POST', body: file });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    // The live stream announces it too; this covers the importer's own tab at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  });
}
