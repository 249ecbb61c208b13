import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filesQueryKey } from './get-file-list';

export function deleteFile(id: string): Promise<void> {
  return apiRequest<void>(`/files/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}
