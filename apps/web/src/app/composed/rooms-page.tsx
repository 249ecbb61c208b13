import { useSession } from '../../entities/session/get-session';
import { RoomTagModal } from '../../features/attendance-tags/components/room-tag-modal';
import { FaultReportQrModal } from '../../features/janitor-board/components/fault-report-qr-modal';
import { RoomsPage } from '../../features/rooms/pages/rooms-page';

/**
 * Room tags belong to attendance and the «Meld feil» codes to the janitor cases: a school that
 * switched one off gets rooms without it.
 */
export function RoomsRoute() {
  const session = useSession();
  return (
    <RoomsPage
      RoomTagModal={session.features.includes('attendance') ? RoomTagModal : undefined}
      FaultReportQrModal={session.features.includes('maintenance') ? FaultReportQrModal : undefined}
    />
  );
}
