import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileUsage } from '@tun/shared/files';
import { apiRequest } from '../../../lib/api-client';
import { filesQueryKey } from './get-file-list';

export function getFileUsage(signal?: AbortSignal): Promise<FileUsage> {
  return apiRequest<FileUsage>('/files/usage', { signal });
}

export const fileUsageQueryOptions = queryOptions({
  queryKey: [...filesQueryKey, 'usage'],
  queryFn: ({ signal }) => getFileUsage(signal),
});

export function useFileUsage(enabled: boolean) {
  return useQuery({ ...fileUsageQueryOptions, enabled });
}
