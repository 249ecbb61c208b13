import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@tun/shared/rooms';
import { apiRequest } from '../../lib/api-client';

// The live topic 'rooms' invalidates every key that starts with this.
export const roomsQueryKey = ['rooms'] as const;

export function getRooms(signal?: AbortSignal): Promise<Room[]> {
  return apiRequest<Room[]>('/rooms', { signal });
}

export const roomsQueryOptions = queryOptions({
  queryKey: roomsQueryKey,
  queryFn: ({ signal }) => getRooms(signal),
});

export function useRooms(options: { enabled?: boolean } = {}) {
  return useQuery({ ...roomsQueryOptions, enabled: options.enabled ?? true });
}
