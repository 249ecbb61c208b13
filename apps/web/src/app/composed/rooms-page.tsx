import { useSession } from '../../entities/session/get-session';
import { RoomTagModal } from '../../features/attendance-tags/components/room-tag-modal';
import { RoomsPage } from '../../features/rooms/pages/rooms-page';

/** Room tags belong to attendance: a school that switched attendance off gets rooms without them. */
export function RoomsRoute() {
  const session = useSession();
  return <RoomsPage RoomTagModal={session.features.includes('attendance') ? RoomTagModal : undefined} />;
}
