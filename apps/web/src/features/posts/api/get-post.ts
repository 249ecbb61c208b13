import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@tun/shared/posts';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { postsQueryKey } from './get-post-feed';

function getPost(id: string, signal?: AbortSignal): Promise<Post> {
  return apiRequest<Post>(`/posts/${encodeURIComponent(id)}`, { signal });
}

export const postQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...postsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getPost(id, signal),
    // A post that is gone stays gone: a 404 is not worth asking again.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status === 404),
  });

/** One post, for `?post=<id>` when it is not in the loaded feed (a link from a notification). */
export function usePost(id: string | undefined, options: { enabled: boolean }) {
  return useQuery({ ...postQueryOptions(id ?? ''), enabled: options.enabled && id !== undefined });
}
