import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconQrcode, IconTrash } from '@tabler/icons-react';
import type { Room } from '@tun/shared/rooms';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { RoomFormModal } from '../components/room-form-modal';
import { useRoomDeletion } from '../components/use-room-deletion';
import { LoadError } from '../../../components/load-error';

export interface RoomTagModalProps {
  opened: boolean;
  room: Room | undefined;
  onClose: () => void;
}

interface RoomsPageProps {
  RoomTagModal?: ComponentType<RoomTagModalProps>;
  FaultReportQrModal?: ComponentType<RoomTagModalProps>;
}

/**
 * `RoomTagModal` shows a room's tag, which the attendance-tags feature owns (composed in app/);
 * without it (attendance switched off for the school) rooms have no tag actions. Likewise
 * `FaultReportQrModal`, the room's «Meld feil» code of the janitor cases.
 */
export function RoomsPage({ RoomTagModal, FaultReportQrModal }: RoomsPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.rooms.title'));
  const canChange = useCan('rooms:change');
  // A room's tag lets anyone check in there: staff (events:change) look after it.
  const canTag = useCan('events:change') && RoomTagModal !== undefined;
  // Those who put the codes up in the rooms: the admin and the janitor.
  const canHandleCases = useCan('maintenance:handle');
  const canFaultCode = (canChange || canHandleCases) && FaultReportQrModal !== undefined;
  const hasActions = canChange || canTag || canFaultCode;
  const rooms = useRooms();
  const deletion = useRoomDeletion();
  // The room stays while the dialog fades out, so its title does not flip to "new" on the way.
  const [dialog, setDialog] = useState<{ opened: boolean; room?: Room }>({ opened: false });
  const [tagDialog, setTagDialog] = useState<{ opened: boolean; room?: Room }>({ opened: false });
  const [faultDialog, setFaultDialog] = useState<{ opened: boolean; room?: Room }>({ opened: false });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('pages.rooms.title')}</Title>
        {canChange && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setDialog({ opened: true })}
          >
            {t('rooms.new')}
          </Button>
        )}
      </Group>

      {rooms.isPending && <Loader aria-label={t('app.loading')} />}

      {rooms.isError && (
        <LoadError title={t('rooms.loadFailed')} error={rooms.error} onRetry={() => void rooms.refetch()} />
      )}

      {rooms.data && rooms.data.length === 0 && <Text>{t('rooms.empty')}</Text>}

      {rooms.data && rooms.data.length > 0 && (
        <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="rooms-table-caption">
          <Table.Caption id="rooms-table-caption" style={{ captionSide: 'top', textAlign: 'start' }}>
            {t('rooms.count', { count: rooms.data.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('rooms.columns.name')}</Table.Th>
              {hasActions && (
                <Table.Th scope="col" ta="end">
                  {t('rooms.columns.actions')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rooms.data.map((room) => (
              <Table.Tr key={room.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{room.name}</Table.Td>
                {hasActions && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      {canTag && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconQrcode size={16} aria-hidden="true" />}
                          aria-label={t('roomTag.openLabel', { name: room.name })}
                          onClick={() => setTagDialog({ opened: true, room })}
                        >
                          {t('roomTag.open')}
                        </Button>
                      )}
                      {canFaultCode && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconAlertTriangle size={16} aria-hidden="true" />}
                          aria-label={t('janitorBoard.faultQr.openLabel', { name: room.name })}
                          onClick={() => setFaultDialog({ opened: true, room })}
                        >
                          {t('janitorBoard.faultQr.open')}
                        </Button>
                      )}
                      {canChange && (
                        <>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconPencil size={16} aria-hidden="true" />}
                            aria-label={t('rooms.editLabel', { name: room.name })}
                            onClick={() => setDialog({ opened: true, room })}
                          >
                            {t('rooms.edit')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={16} aria-hidden="true" />}
                            aria-label={t('rooms.deleteLabel', { name: room.name })}
                            loading={deletion.checking === room.id || deletion.deleting === room.id}
                            onClick={() => void deletion.start(room)}
                          >
                            {t('rooms.delete')}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      {canTag && RoomTagModal && (
        <RoomTagModal
          opened={tagDialog.opened}
          room={tagDialog.room}
          onClose={() => setTagDialog((current) => ({ ...current, opened: false }))}
        />
      )}

      {canFaultCode && FaultReportQrModal && (
        <FaultReportQrModal
          opened={faultDialog.opened}
          room={faultDialog.room}
          onClose={() => setFaultDialog((current) => ({ ...current, opened: false }))}
        />
      )}

      {canChange && (
        <RoomFormModal
          opened={dialog.opened}
          room={dialog.room}
          onClose={() => setDialog((current) => ({ ...current, opened: false }))}
        />
      )}
    </Stack>
  );
}
