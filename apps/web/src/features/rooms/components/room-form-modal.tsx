import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ROOM_NAME_MAX, type Room } from '@tun/shared/rooms';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useCreateRoom } from '../api/create-room';
import { useUpdateRoom } from '../api/update-room';

interface RoomFormModalProps {
  opened: boolean;
  /** The room to edit; none for a new room. */
  room: Room | undefined;
  onClose: () => void;
}

/** SPEC §2: the new/edit room dialog. */
export function RoomFormModal({ opened, room, onClose }: RoomFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={room ? t('rooms.form.editTitle') : t('rooms.form.newTitle')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {/* Mounted only while open, so every opening starts from the room as it is now. */}
      <RoomForm room={room} onDone={onClose} />
    </Modal>
  );
}

function RoomForm({ room, onDone }: { room: Room | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const createRoom = useCreateRoom();
  const updateRoom = useUpdateRoom();
  const mutation = room ? updateRoom : createRoom;
  const form = useForm({
    initialValues: { name: room?.name ?? '' },
    validate: { name: validators.length({ max: ROOM_NAME_MAX }) },
  });

  const submit = form.onSubmit(async (values) => {
    const input = { name: values.name.trim() };
    try {
      const saved = room
        ? await updateRoom.mutateAsync({ id: room.id, input })
        : await createRoom.mutateAsync(input);
      notify({
        color: 'fjord',
        message: t(room ? 'rooms.saved' : 'rooms.created', { name: saved.name }),
      });
      onDone();
    } catch (error) {
      if (isApiError(error, 'conflict')) form.setFieldError('name', t('rooms.form.nameTaken'));
    }
  });

  const failed = mutation.isError && !isApiError(mutation.error, 'conflict');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('rooms.form.failed')}
          >
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <TextInput
          data-autofocus
          label={t('rooms.form.name')}
          description={t('rooms.form.nameDescription')}
          required
          maxLength={ROOM_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={mutation.isPending}>
            {t('rooms.form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {room ? t('rooms.form.save') : t('rooms.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
