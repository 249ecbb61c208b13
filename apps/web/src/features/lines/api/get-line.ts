import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LineDetails } from '@tun/shared/lines';
import { apiRequest } from '../../../lib/api-client';
import { linesQueryKey } from '../../../entities/lines/get-lines';

export const lineQueryKey = (id: string) => [...linesQueryKey, id] as const;

export function getLine(id: string, signal?: AbortSignal): Promise<LineDetails> {
  return apiRequest<LineDetails>(`/lines/${encodeURIComponent(id)}`, { signal });
}

export const lineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lineQueryKey(id),
    queryFn: ({ signal }) => getLine(id, signal),
  });

export function useLine(id: string | undefined) {
  return useQuery({ ...lineQueryOptions(id ?? ''), enabled: id !== undefined });
}
