import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder, FolderInput } from '@tun/shared/files';
import { apiRequest } from '../../../lib/api-client';
import { filesQueryKey } from './get-file-list';

export function createFolder(input: FolderInput): Promise<Folder> {
  return apiRequest<Folder>('/files/folders', { method: 'POST', body: input });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}
