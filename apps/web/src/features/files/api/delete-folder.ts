import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filesQueryKey } from './get-file-list';

/**
 * Deletes a folder. Without `recursive` the server refuses a folder that is not empty
 * (409 folder-not-empty), so a folder that filled up after the user looked is not emptied
 * without asking.
 */
export function deleteFolder({ id, recursive }: { id: string; recursive: boolean }): Promise<void> {
  const query = recursive ? '?recursive=true' : '';
  return apiRequest<void>(`/files/folders/${encodeURIComponent(id)}${query}`, { method: 'DELETE' });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}
