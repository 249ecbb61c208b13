import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { POST_DASHBOARD_COUNT, postFeedPath } from '@tun/shared/page-data';
import type { PostFeed, PostFeedFilter } from '@tun/shared/posts';
import { apiRequest } from '../../../lib/api-client';

/** Every posts query starts with the live topic's name, so a new or changed post refreshes them all. */
export const postsQueryKey = ['posts'] as const;

export interface PostFeedParams {
  filter: PostFeedFilter;
  /** Searches titles and text; '' for none. */
  q: string;
}

function getPostFeed(
  params: PostFeedParams & { cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<PostFeed> {
  return apiRequest<PostFeed>(postFeedPath(params), { signal });
}

/** The feed page after page, pinned first, then newest, following `nextCursor` («Vis flere»). */
export const postFeedQueryOptions = (params: PostFeedParams) =>
  infiniteQueryOptions({
    queryKey: [...postsQueryKey, 'feed', params],
    queryFn: ({ pageParam, signal }) => getPostFeed({ ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The dashboard's newest few for me; the server puts pinned posts first. */
export const latestPostsQueryOptions = queryOptions({
  queryKey: [...postsQueryKey, 'latest'],
  queryFn: ({ signal }) => getPostFeed({ filter: 'all', q: '', limit: POST_DASHBOARD_COUNT }, signal),
});

export function useLatestPosts(enabled: boolean) {
  return useQuery({ ...latestPostsQueryOptions, enabled });
}
