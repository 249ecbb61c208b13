import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { FILE_NAME_MAX, FOLDER_NAME_MAX } from '@tun/shared/files';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateFolder } from '../api/create-folder';
import { useUpdateFile } from '../api/update-file';
import { useUpdateFolder } from '../api/update-folder';
import type { FileRow } from '../model/file-rows';
import { useEntryNameValidator } from './use-entry-name-validator';

export type NameDialog =
  { kind: 'newFolder'; parentId: string | null; parentName: string } | { kind: 'rename'; row: FileRow };

interface NameFormModalProps {
  opened: boolean;
  dialog: NameDialog | null;
  onClose: () => void;
}

/** A new folder, or a new name for a file or folder. */
export function NameFormModal({ opened, dialog, onClose }: NameFormModalProps) {
  const { t } = useTranslation();
  const title =
    dialog?.kind === 'rename'
      ? t(dialog.row.kind === 'folder' ? 'files.form.renameFolderTitle' : 'files.form.renameFileTitle')
      : t('files.form.newFolderTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {/* Mounted only while open, so each opening starts from the name as it is now. */}
      {dialog && <NameForm dialog={dialog} onDone={onClose} />}
    </Modal>
  );
}

function NameForm({ dialog, onDone }: { dialog: NameDialog; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const updateFile = useUpdateFile();
  const isFile = dialog.kind === 'rename' && dialog.row.kind === 'file';
  const max = isFile ? FILE_NAME_MAX : FOLDER_NAME_MAX;
  const validateName = useEntryNameValidator(max);
  const mutation = dialog.kind === 'newFolder' ? createFolder : isFile ? updateFile : updateFolder;
  const form = useForm({
    initialValues: { name: dialog.kind === 'rename' ? dialog.row.name : '' },
    validate: { name: validateName },
  });

  const submit = form.onSubmit(
    async ({ name }) => {
      const trimmed = name.trim();
      try {
        if (dialog.kind === 'newFolder') {
          const folder = await createFolder.mutateAsync({ name: trimmed, parentId: dialog.parentId });
          notify({ color: 'fjord', message: t('files.created', { name: folder.name }) });
        } else if (dialog.row.kind === 'file') {
          const file = await updateFile.mutateAsync({ id: dialog.row.file.id, change: { name: trimmed } });
          notify({ color: 'fjord', message: t('files.renamed', { name: file.name }) });
        } else {
          const folder = await updateFolder.mutateAsync({
            id: dialog.row.folder.id,
            change: { name: trimmed },
          });
          notify({ color: 'fjord', message: t('files.renamed', { name: folder.name }) });
        }
        onDone();
      } catch (error) {
        if (isApiError(error, 'conflict')) form.setFieldError('name', t('files.form.nameTaken'));
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget as HTMLFormElement | undefined),
  );

  const failed = mutation.isError && !isApiError(mutation.error, 'conflict');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('files.form.failed')}
          >
            {errorMessage(mutation.error)}
          </Alert>
        )}
        {dialog.kind === 'newFolder' && (
          <Text size="sm">{t('files.form.newFolderIn', { folder: dialog.parentName })}</Text>
        )}
        <TextInput
          data-autofocus
          label={t('files.form.name')}
          required
          maxLength={max}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={mutation.isPending}>
            {t('files.form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {dialog.kind === 'newFolder' ? t('files.form.create') : t('files.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
