import { Alert, Button, Center, Divider, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconDeviceTv,
  IconInfoCircle,
  IconPrinter,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import type { RoomTag } from '@tun/shared/attendance-tags';
import type { Room } from '@tun/shared/rooms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableLinkField } from '../../../components/copyable-link-field';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCreateRoomTag } from '../api/create-room-tag';
import { useDeleteRoomTag } from '../api/delete-room-tag';
import { useRoomTag } from '../api/get-room-tag';
import { useUpdateRoomTag } from '../api/update-room-tag';
import { LazyQrCode } from './lazy-qr-code';
import { NfcWriteButton } from './nfc-write-button';
import { RoomTagDisplay } from './room-tag-display';
import { RoomTagPrint } from './room-tag-print';
import { LoadError } from '../../../components/load-error';

interface RoomTagModalProps {
  opened: boolean;
  room: Room | undefined;
  onClose: () => void;
}

/**
 * Staff's view of a room's tag (SPEC §3 the room's key of the day): the QR code of the scan
 * link to print or show, writing it to an NFC tag, a screen whose code changes every minute,
 * renewing and removing the tag. A room without one says so in the SPEC's words.
 */
export function RoomTagModal({ opened, room, onClose }: RoomTagModalProps) {
  const { t } = useTranslation();
  // The screen view takes the dialog's place (not on top of it): Escape then closes only it.
  const [displaying, setDisplaying] = useState(false);
  const close = () => {
    setDisplaying(false);
    onClose();
  };
  return (
    <>
      <Modal
        opened={opened && !displaying}
        onClose={close}
        title={room ? t('roomTag.title', { name: room.name }) : t('roomTag.open')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        size="lg"
      >
        {/* Mounted only while open: the tag is fetched fresh each time, and the printout goes with it. */}
        {opened && room && <RoomTagPanel room={room} onDisplay={() => setDisplaying(true)} />}
      </Modal>
      {room && (
        <RoomTagDisplay
          roomId={room.id}
          roomName={room.name}
          opened={opened && displaying}
          onClose={() => setDisplaying(false)}
        />
      )}
    </>
  );
}

function RoomTagPanel({ room, onDisplay }: { room: Room; onDisplay: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const tag = useRoomTag(room.id);
  const create = useCreateRoomTag(room.id);

  if (tag.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }

  if (tag.isError && isApiError(tag.error, 'room-without-tag')) {
    return (
      <Stack gap="md">
        <Alert color="fjord" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          <Stack gap="xs">
            <Text fw={600}>{t('roomTag.noTag')}</Text>
            <Text size="sm">{t('roomTag.noTagHelp')}</Text>
          </Stack>
        </Alert>
        {create.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('roomTag.failed')}
          >
            {errorMessage(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { rotating: false },
                {
                  onSuccess: () =>
                    notify({ color: 'fjord', message: t('roomTag.registered', { name: room.name }) }),
                },
              )
            }
          >
            {t('roomTag.register')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (tag.isError) {
    return <LoadError title={t('roomTag.loadFailed')} error={tag.error} onRetry={() => void tag.refetch()} />;
  }

  return <TagDetails room={room} tag={tag.data} onDisplay={onDisplay} />;
}

function TagDetails({ room, tag, onDisplay }: { room: Room; tag: RoomTag; onDisplay: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const renew = useCreateRoomTag(room.id);
  const update = useUpdateRoomTag(room.id);
  const remove = useDeleteRoomTag(room.id);
  const qrLabel = t('roomTag.qrLabel', { name: room.name });
  // The school date at noon UTC is that same date in Oslo.
  const date = format.date(`${tag.date}T12:00:00Z`, { dateStyle: 'full' });

  const failed = (error: unknown) =>
    notify({ color: 'red', title: t('roomTag.failed'), message: errorMessage(error) });

  const confirmRenew = () =>
    modals.openConfirmModal({
      title: t('roomTag.renewTitle'),
      closeButtonProps: { 'aria-label': t('app.close') },
      children: <Text>{t('roomTag.renewBody', { name: room.name })}</Text>,
      labels: { confirm: t('roomTag.renew'), cancel: t('roomTag.cancel') },
      onConfirm: () =>
        renew.mutate(
          { rotating: tag.rotating },
          {
            onSuccess: () => notify({ color: 'fjord', message: t('roomTag.renewed', { name: room.name }) }),
            onError: failed,
          },
        ),
    });

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('roomTag.removeTitle'),
      closeButtonProps: { 'aria-label': t('app.close') },
      children: <Text>{t('roomTag.removeBody', { name: room.name })}</Text>,
      labels: { confirm: t('roomTag.remove'), cancel: t('roomTag.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notify({ color: 'fjord', message: t('roomTag.removed', { name: room.name }) }),
          onError: failed,
        }),
    });

  const switchRotating = (rotating: boolean) =>
    update.mutate(
      { rotating },
      {
        onSuccess: () =>
          notify({
            color: 'fjord',
            message: t(rotating ? 'roomTag.rotatingOn' : 'roomTag.rotatingOff', { name: room.name }),
          }),
        onError: failed,
      },
    );

  return (
    <Stack gap="md">
      <Switch
        checked={tag.rotating}
        disabled={update.isPending}
        onChange={(event) => switchRotating(event.currentTarget.checked)}
        label={t('roomTag.rotating')}
        description={tag.rotating ? t('roomTag.rotatingHelp') : undefined}
      />

      <Center>
        <LazyQrCode value={tag.scanUrl} label={qrLabel} size={tag.rotating ? 160 : 240} />
      </Center>

      {tag.rotating ? (
        <Group>
          <Button leftSection={<IconDeviceTv size={18} aria-hidden="true" />} onClick={onDisplay}>
            {t('roomTag.display')}
          </Button>
        </Group>
      ) : (
        <>
          <Text size="sm">{t('roomTag.validFor', { date })}</Text>
          <CopyableLinkField id={`room-tag-link-${room.id}`} label={t('roomTag.link')} url={tag.scanUrl} />
          <Group gap="xs" align="flex-start">
            <Button leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
              {t('roomTag.print')}
            </Button>
          </Group>
          <NfcWriteButton url={tag.scanUrl} />
          <RoomTagPrint roomId={room.id} roomName={room.name} url={tag.scanUrl} date={tag.date} />
        </>
      )}

      <Divider />
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          loading={remove.isPending}
          onClick={confirmRemove}
        >
          {t('roomTag.remove')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          loading={renew.isPending}
          onClick={confirmRenew}
        >
          {t('roomTag.renew')}
        </Button>
      </Group>
    </Stack>
  );
}
