import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoomTag } from '@tun/shared/attendance-tags';
import { apiRequest } from '../../../lib/api-client';
import { roomTagQueryKey } from './get-room-tag';

/** Registers the room's tag, or renews it: codes made before stop working. */
export function createRoomTag(roomId: string, input: { rotating: boolean }): Promise<RoomTag> {
  return apiRequest<RoomTag>(`/rooms/${encodeURIComponent(roomId)}/tag`, { method: 'POST', body: input });
}

export function useCreateRoomTag(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rotating: boolean }) => createRoomTag(roomId, input),
    onSuccess: (tag) => queryClient.setQueryData(roomTagQueryKey(roomId), tag),
  });
}
