import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseTonight } from '@tun/shared/leave';
import { apiRequest } from '../../../lib/api-client';

// The live topics 'house', 'leave' and 'people' invalidate every key under this.
export const houseQueryKey = ['house'] as const;
export const houseTonightQueryKey = [...houseQueryKey, 'tonight'] as const;

export function getHouseTonight(signal?: AbortSignal): Promise<HouseTonight> {
  return apiRequest<HouseTonight>('/house/tonight', { signal });
}

export const houseTonightQueryOptions = queryOptions({
  queryKey: houseTonightQueryKey,
  queryFn: ({ signal }) => getHouseTonight(signal),
});

/**
 * Who sleeps in the house tonight. Asked again whenever the tab or the fire list opens: the
 * fire list must be the answer of the moment it is printed, and a scholar who has just taken
 * over the duty is refused no longer.
 */
export function useHouseTonight() {
  return useQuery({ ...houseTonightQueryOptions, refetchOnMount: 'always' });
}
