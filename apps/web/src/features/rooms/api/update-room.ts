import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Room, RoomInput } from '@tun/shared/rooms';
import { apiRequest } from '../../../lib/api-client';
import { roomsQueryKey } from '../../../entities/rooms/get-rooms';

export function updateRoom({ id, input }: { id: string; input: RoomInput }): Promise<Room> {
  return apiRequest<Room>(`/rooms/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsQueryKey }),
  });
}
