import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { StoredFile } from '@tun/shared/files';
import { apiRequest } from '../../../lib/api-client';
import { archiveBrowseQueryOptions } from '../../../entities/files/archive-files';

/** What the server takes as a logo: an archive image a phone can draw as an icon. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export const isLogoImage = (file: StoredFile) => LOGO_TYPES.has(file.contentType);

/**
 * Images to choose the logo from: those at the archive's top while nothing is typed, those whose
 * name matches across the whole archive when something is. The first page is plenty for a picker.
 */
export function useLogoCandidates(q: string, options: { enabled: boolean }) {
  const list = useInfiniteQuery({
    ...archiveBrowseQueryOptions({ folderId: null, q }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
  const images = (list.data?.pages ?? []).flatMap((page) => page.items).filter(isLogoImage);
  return { images, isFetching: list.isFetching, isError: list.isError, error: list.error };
}

/** The chosen logo's record, for its name; the key starts with 'files', the archive's live topic. */
export function useArchiveFile(id: string | null, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['files', 'file', id],
    queryFn: ({ signal }) => apiRequest<StoredFile>(`/files/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: options.enabled && id !== null,
    retry: false,
  });
}
