import { queryOptions } from '@tanstack/react-query';
import type { ScreenCheckIn, ScreenContent } from '@tun/shared/screens';
import { apiRequest } from '../../lib/api-client';

/**
 * What the TV shows: one answer for the whole screen. The live topics a TV hears (screens,
 * calendar, posts, school, rooms, lines) all refetch this one key; it is also kept on the
 * device (app/query-client.ts), so a TV that starts without a network shows the last content.
 */
export const screenContentQueryKey = ['screen'] as const;
export const screenCheckInQueryKey = ['screen', 'check-in'] as const;

export function getScreenContent(signal?: AbortSignal): Promise<ScreenContent> {
  return apiRequest<ScreenContent>('/screen', { signal });
}

export function getScreenCheckIn(signal?: AbortSignal): Promise<ScreenCheckIn> {
  return apiRequest<ScreenCheckIn>('/screen/check-in', { signal });
}

export const screenContentQueryOptions = queryOptions({
  queryKey: screenContentQueryKey,
  queryFn: ({ signal }) => getScreenContent(signal),
  // The live stream says when it changed, so nothing polls; but an answer restored from the
  // device or kept through an outage is asked for again as soon as the screen is back.
  staleTime: 0,
});

export const screenCheckInQueryOptions = queryOptions({
  queryKey: screenCheckInQueryKey,
  queryFn: ({ signal }) => getScreenCheckIn(signal),
  // Good until the link runs out (a code kept on the device from yesterday is not); the page
  // that shows it also refetches it then.
  staleTime: (query) => {
    const validUntil = query.state.data?.validUntil;
    return validUntil ? Math.max(0, Date.parse(validUntil) - Date.now()) : 0;
  },
});
