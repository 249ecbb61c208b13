import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostReads } from '@tun/shared/posts';
import { apiRequest } from '../../../lib/api-client';
import { postsQueryKey } from './get-post-feed';

function getPostReads(id: string, signal?: AbortSignal): Promise<PostReads> {
  return apiRequest<PostReads>(`/posts/${encodeURIComponent(id)}/reads`, { signal });
}

const postReadsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...postsQueryKey, 'reads', id],
    queryFn: ({ signal }) => getPostReads(id, signal),
  });

/** «Lest av …»: who of the audience has read, and who has not (authors and admins). */
export function usePostReads(id: string | null) {
  return useQuery({ ...postReadsQueryOptions(id ?? ''), enabled: id !== null });
}
