import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Line } from '@tun/shared/lines';
import { apiRequest } from '../../lib/api-client';

// The live topic 'lines' invalidates every key that starts with 'lines'.
export const linesQueryKey = ['lines'] as const;

export function getLines(signal?: AbortSignal): Promise<Line[]> {
  return apiRequest<Line[]>('/lines', { signal });
}

export const linesQueryOptions = queryOptions({
  queryKey: linesQueryKey,
  queryFn: ({ signal }) => getLines(signal),
});

export function useLines() {
  return useQuery(linesQueryOptions);
}
