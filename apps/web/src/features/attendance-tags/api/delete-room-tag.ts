import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { roomTagQueryKey } from './get-room-tag';

/** The room stops taking scans. */
export function deleteRoomTag(roomId: string): Promise<void> {
  return apiRequest<void>(`/rooms/${encodeURIComponent(roomId)}/tag`, { method: 'DELETE' });
}

export function useDeleteRoomTag(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRoomTag(roomId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomTagQueryKey(roomId) }),
  });
}
