import { shortFullName } from '@tun/shared/names';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../../../entities/people/get-people';
import { useRooms } from '../../../entities/rooms/get-rooms';

/** The names a case's ids stand for: rooms (a deleted one is «no room») and people (erased ones too). */
export function useCaseNames() {
  const { t } = useTranslation();
  const rooms = useRooms();
  const people = usePeople({ former: true });
  const roomNames = new Map((rooms.data ?? []).map((room) => [room.id, room.name]));
  const personNames = new Map(
    (people.data ?? []).map((person) => [
      person.id,
      person.erased ? t('janitorBoard.erasedPerson') : shortFullName(person.name),
    ]),
  );
  return {
    rooms: rooms.data ?? [],
    room: (roomId: string | null) =>
      roomId === null ? t('janitorBoard.noRoom') : (roomNames.get(roomId) ?? t('janitorBoard.noRoom')),
    person: (personId: string | null) =>
      personId === null ? t('janitorBoard.unassigned') : (personNames.get(personId) ?? '…'),
  };
}

export type CaseNames = ReturnType<typeof useCaseNames>;
