import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoomTag } from '@tun/shared/attendance-tags';
import { apiRequest } from '../../../lib/api-client';
import { roomTagQueryKey } from './get-room-tag';

/** Switches the room between a printed tag and a screen; the secret stays. */
export function updateRoomTag(roomId: string, input: { rotating: boolean }): Promise<RoomTag> {
  return apiRequest<RoomTag>(`/rooms/${encodeURIComponent(roomId)}/tag`, { method: 'PATCH', body: input });
}

export function useUpdateRoomTag(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rotating: boolean }) => updateRoomTag(roomId, input),
    onSuccess: (tag) => queryClient.setQueryData(roomTagQueryKey(roomId), tag),
  });
}
