import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Screen } from '@tun/shared/screens';
import { apiRequest } from '../../../lib/api-client';

// The live topic 'screens' invalidates every key that starts with this.
export const screensQueryKey = ['screens'] as const;

/**
 * A screen's `online` comes from heartbeats, which publish nothing live (a minute's report from
 * every TV would wake every admin's page), so the list also asks again on its own.
 */
export const SCREENS_REFRESH_MS = 30_000;

export function getScreens(signal?: AbortSignal): Promise<Screen[]> {
  return apiRequest<Screen[]>('/screens', { signal });
}

export const screensQueryOptions = queryOptions({
  queryKey: screensQueryKey,
  queryFn: ({ signal }) => getScreens(signal),
  refetchInterval: SCREENS_REFRESH_MS,
});

export function useScreens() {
  return useQuery(screensQueryOptions);
}
