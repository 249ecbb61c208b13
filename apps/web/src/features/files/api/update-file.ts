import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileChange, StoredFile } from '@tun/shared/files';
import { apiRequest } from '../../../lib/api-client';
import { filesQueryKey } from './get-file-list';

/** Renames a file or moves it to another folder. */
export function updateFile({ id, change }: { id: string; change: FileChange }): Promise<StoredFile> {
  return apiRequest<StoredFile>(`/files/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
}

export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}
