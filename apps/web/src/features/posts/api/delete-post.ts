import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postsQueryKey } from './get-post-feed';

function deletePost(id: string): Promise<void> {
  return apiRequest<void>(`/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
