import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { FileList, FileSortKey } from '@tun/shared/files';
import { apiRequest } from '../../../lib/api-client';

/** Every files query starts with the live topic's name, so a change to the archive refreshes them all. */
export const filesQueryKey = ['files'] as const;

export interface FileListParams {
  folderId: string | null;
  /** Searches the whole archive by name instead of listing the folder. */
  q: string;
  sort: FileSortKey;
  order: 'asc' | 'desc';
  maxResults: number;
}

export function getFileList(
  params: FileListParams & { pageToken?: string | null },
  signal?: AbortSignal,
): Promise<FileList> {
  const search = new URLSearchParams({
    sort: params.sort,
    order: params.order,
    maxResults: String(params.maxResults),
  });
  if (params.folderId) search.set('folderId', params.folderId);
  if (params.q) search.set('q', params.q);
  if (params.pageToken) search.set('pageToken', params.pageToken);
  return apiRequest<FileList>(`/files?${search.toString()}`, { signal });
}

/** One folder (or one search) page after page, following `nextPageToken` ("Vis flere"). */
export const fileListQueryOptions = (params: FileListParams) =>
  infiniteQueryOptions({
    queryKey: [...filesQueryKey, 'list', params],
    queryFn: ({ pageParam, signal }) => getFileList({ ...params, pageToken: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });

/** A folder's subfolders and its path, for the move dialog's folder picker. */
export const folderChildrenQueryOptions = (folderId: string | null) =>
  queryOptions({
    queryKey: [...filesQueryKey, 'folders', folderId],
    // Folders all come with the first page; one file is the least the server lists.
    queryFn: ({ signal }) =>
      getFileList({ folderId, q: '', sort: 'name', order: 'asc', maxResults: 1 }, signal),
  });
