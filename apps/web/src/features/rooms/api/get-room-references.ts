import { queryOptions } from '@tanstack/react-query';
import type { RoomReferences } from '@tun/shared/rooms';
import { apiRequest } from '../../../lib/api-client';
import { roomsQueryKey } from '../../../entities/rooms/get-rooms';

export function getRoomReferences(id: string, signal?: AbortSignal): Promise<RoomReferences> {
  return apiRequest<RoomReferences>(`/rooms/${encodeURIComponent(id)}/references`, { signal });
}

/** Asked right before deleting, so always fresh: an old count would promise the wrong thing. */
export const roomReferencesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...roomsQueryKey, id, 'references'],
    queryFn: ({ signal }) => getRoomReferences(id, signal),
    staleTime: 0,
    gcTime: 0,
  });
