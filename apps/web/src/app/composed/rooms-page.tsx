import { RoomTagModal } from '../../features/attendance-tags/components/room-tag-modal';
import { RoomsPage } from '../../features/rooms/pages/rooms-page';

export function RoomsRoute() {
  return <RoomsPage RoomTagModal={RoomTagModal} />;
}
