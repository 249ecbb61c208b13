import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Room, RoomInput } from '@tun/shared/rooms';
import { apiRequest } from '../../../lib/api-client';
import { roomsQueryKey } from '../../../entities/rooms/get-rooms';

export function createRoom(input: RoomInput): Promise<Room> {
  return apiRequest<Room>('/rooms', { method: 'POST', body: input });
}

export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsQueryKey }),
  });
}
