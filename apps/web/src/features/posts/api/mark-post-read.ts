import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Post, PostFeed } from '@tun/shared/posts';
import { apiRequest } from '../../../lib/api-client';
import { markedRead, patchFeedPages } from '../model/feed-pages';
import { postsQueryKey } from './get-post-feed';

function markPostRead({ id, confirm }: { id: string; confirm: boolean }): Promise<void> {
  return apiRequest<void>(`/posts/${encodeURIComponent(id)}/read`, { method: 'POST', body: { confirm } });
}

type PostsData = InfiniteData<PostFeed, string | null> | PostFeed | Post;

function isInfinite(data: PostsData): data is InfiniteData<PostFeed, string | null> {
  return 'pages' in data;
}

function isFeed(data: PostsData): data is PostFeed {
  return 'posts' in data;
}

/**
 * Opening a post (and «Jeg har lest»). The copies in the cache are changed in place rather than
 * fetched again: with the «Uleste» filter a refetch would pull the post out of the list while it
 * is being read. Confirming changes the author's count, so that refreshes afterwards.
 */
export function useMarkPostRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPostRead,
    onSuccess: async (_result, { id, confirm }) => {
      const at = new Date().toISOString();
      const patch = (post: Post) => markedRead(post, at, confirm);
      queryClient.setQueriesData<PostsData>({ queryKey: postsQueryKey }, (data) => {
        if (!data) return data;
        if (isInfinite(data)) return patchFeedPages(data, id, patch);
        if (isFeed(data)) return patchFeedPages({ pages: [data] }, id, patch).pages[0];
        return data.id === id && 'readAt' in data ? patch(data) : data;
      });
      // A notification about the post counts as seen once the post is opened.
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
      if (confirm) await queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}
