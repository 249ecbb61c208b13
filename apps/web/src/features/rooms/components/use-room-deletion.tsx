import { List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Room, RoomReferenceKind, RoomReferences } from '@tun/shared/rooms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteRoom } from '../api/delete-room';
import { roomReferencesQueryOptions } from '../api/get-room-references';

const KINDS: readonly RoomReferenceKind[] = ['futureEvents', 'scheduleEvents', 'lines', 'electives'];

/**
 * Deleting a room (SPEC §4, §8): first ask the server what would lose the room, then show
 * either the counts or that nothing uses it, and delete only when the user confirms.
 */
export function useRoomDeletion() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const deleteRoom = useDeleteRoom();
  const confirmDelete = useConfirmDelete();
  const [checking, setChecking] = useState<string | null>(null);

  const start = async (room: Room) => {
    setChecking(room.id);
    let references: RoomReferences;
    try {
      references = await queryClient.fetchQuery(roomReferencesQueryOptions(room.id));
    } catch (error) {
      notify({ color: 'red', title: t('rooms.referencesFailed'), message: errorMessage(error) });
      return;
    } finally {
      setChecking(null);
    }
    const used = KINDS.some((kind) => references[kind] > 0);
    confirmDelete({
      title: used ? t('rooms.deleteDialog.referencesTitle') : t('rooms.deleteDialog.noReferencesTitle'),
      body: used ? (
        <Stack gap="xs">
          <Text>{t('rooms.deleteDialog.referencesIntro', { name: room.name })}</Text>
          <List>
            {KINDS.map((kind) => (
              <List.Item key={kind}>{t(`rooms.deleteDialog.${kind}`, { count: references[kind] })}</List.Item>
            ))}
          </List>
          <Text>{t('rooms.deleteDialog.referencesQuestion')}</Text>
        </Stack>
      ) : (
        <Text>{t('rooms.deleteDialog.noReferencesBody', { name: room.name })}</Text>
      ),
      confirm: t('rooms.deleteDialog.confirm'),
      cancel: t('rooms.deleteDialog.cancel'),
      deleted: t('rooms.deleted', { name: room.name }),
      failed: t('rooms.deleteFailed'),
      remove: () => deleteRoom.mutateAsync(room.id),
    });
  };

  return { start, checking, deleting: deleteRoom.isPending ? deleteRoom.variables : undefined };
}
