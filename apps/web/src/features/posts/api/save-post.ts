import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostInput } from '@tun/shared/posts';
import { apiRequest } from '../../../lib/api-client';
import { postsQueryKey } from './get-post-feed';

function createPost(input: PostInput): Promise<Post> {
  return apiRequest<Post>('/posts', { method: 'POST', body: input });
}

function updatePost({ id, input }: { id: string; input: PostInput }): Promise<Post> {
  return apiRequest<Post>(`/posts/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** A new post (`id` absent) or all of an edited one. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PostInput }) =>
      id === undefined ? createPost(input) : updatePost({ id, input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
