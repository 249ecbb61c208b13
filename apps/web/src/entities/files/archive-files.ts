/**
 * The file archive as other features read it: pickers that choose archive files (a post's images
 * and attachments); links to a file's bytes are in file-urls.ts. The archive page itself lives in
 * features/files.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { FileList } from '@tun/shared/files';
import { apiRequest } from '../../lib/api-client';

const PICKER_PAGE_SIZE = 50;

export interface ArchiveBrowseParams {
  /** The folder shown; null for the top. Ignored while searching. */
  folderId: string | null;
  /** A name to search the whole archive for; '' to browse the folder. */
  q: string;
}

function getArchivePage(
  params: ArchiveBrowseParams & { pageToken: string | null },
  signal?: AbortSignal,
): Promise<FileList> {
  const search = new URLSearchParams({ sort: 'name', order: 'asc', maxResults: String(PICKER_PAGE_SIZE) });
  if (params.q) search.set('q', params.q);
  else if (params.folderId) search.set('folderId', params.folderId);
  if (params.pageToken) search.set('pageToken', params.pageToken);
  return apiRequest<FileList>(`/files?${search.toString()}`, { signal });
}

/**
 * One folder (or one search) of the archive, page after page. The key starts with 'files', the
 * archive's live topic, so an upload or a deletion elsewhere refreshes an open picker.
 */
export const archiveBrowseQueryOptions = (params: ArchiveBrowseParams) =>
  infiniteQueryOptions({
    queryKey: ['files', 'picker', params],
    queryFn: ({ pageParam, signal }) => getArchivePage({ ...params, pageToken: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
