import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { roomsQueryKey } from '../../../entities/rooms/get-rooms';

/** Deletes the room and clears it from events, lines and electives in one go (SPEC §4). */
export function deleteRoom(id: string): Promise<void> {
  return apiRequest<void>(`/rooms/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoom,
    onSuccess: () =>
      Promise.all(
        // Lines and electives that had the room as their main room have just lost it.
        [roomsQueryKey, ['lines'], ['electives']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
