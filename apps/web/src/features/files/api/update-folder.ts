import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder, FolderChange } from '@tun/shared/files';
import { apiRequest } from '../../../lib/api-client';
import { filesQueryKey } from './get-file-list';

/** Renames or moves a folder. */
export function updateFolder({ id, change }: { id: string; change: FolderChange }): Promise<Folder> {
  return apiRequest<Folder>(`/files/folders/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
}

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}
