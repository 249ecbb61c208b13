import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomTag } from '@tun/shared/attendance-tags';
import { apiRequest, isApiError } from '../../../lib/api-client';

// Under 'rooms', so the live topic 'rooms' (a tag registered, renewed or removed) refreshes it.
export const roomTagQueryKey = (roomId: string) => ['rooms', roomId, 'tag'] as const;

export function getRoomTag(roomId: string, signal?: AbortSignal): Promise<RoomTag> {
  return apiRequest<RoomTag>(`/rooms/${encodeURIComponent(roomId)}/tag`, { signal });
}

/** How long the tag as shown stays right: a screen's code until its minute ends, a day's key for a while. */
function refreshIn(tag: RoomTag | undefined): number | false {
  if (!tag) return false;
  if (tag.rotating && tag.secondsLeft !== null) return tag.secondsLeft * 1000 + 250;
  return 10 * 60_000;
}

export const roomTagQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: roomTagQueryKey(roomId),
    queryFn: ({ signal }) => getRoomTag(roomId, signal),
    // A room without a tag is an answer, not a failure to try again.
    retry: (count, error) => !isApiError(error, 'room-without-tag') && count < 2,
    refetchInterval: (query) => refreshIn(query.state.data),
    // The screen keeps its code fresh even when the tab is not focused.
    refetchIntervalInBackground: true,
  });

export function useRoomTag(roomId: string) {
  return useQuery(roomTagQueryOptions(roomId));
}
