import { useMemo } from 'react';
import { useElectives } from '../electives/get-electives';
import { useGroups } from '../groups/get-groups';
import { useLines } from '../lines/get-lines';
import { useRooms } from '../rooms/get-rooms';
import { attendeeNames } from './attendee-names';

/**
 * Names of the rooms, lines, electives and groups events refer to by id. Undefined while the
 * lists load (nothing rather than "unknown" in that moment); an id not in a loaded list is unknown.
 */
export function useCalendarNames() {
  const rooms = useRooms();
  const lines = useLines();
  const electives = useElectives();
  const groups = useGroups();

  return useMemo(() => {
    const roomNames = new Map((rooms.data ?? []).map((room) => [room.id, room.name]));
    const loaded = Boolean(lines.data && electives.data && groups.data);
    return {
      rooms: rooms.data,
      lines: lines.data,
      electives: electives.data,
      groups: groups.data,
      /** The room's name; null for no room, undefined while loading or when unknown. */
      roomName: (id: string | null): string | null | undefined => (id === null ? null : roomNames.get(id)),
      attendees: (ids: readonly string[], unknown: string): string[] | undefined =>
        loaded ? attendeeNames(ids, [lines.data, electives.data, groups.data], unknown) : undefined,
    };
  }, [rooms.data, lines.data, electives.data, groups.data]);
}
