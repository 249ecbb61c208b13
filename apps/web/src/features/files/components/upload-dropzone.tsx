import '@mantine/dropzone/styles.layer.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSizeFormat } from './use-size-format';

interface UploadDropzoneProps {
  /** Where dropped files go, for the text. */
  folderName: string;
  /** The largest file the server takes; files above it are refused here at once. */
  maxSize: number | undefined;
  onFiles: (files: File[]) => void;
  /** Opens the file dialog (the "Last opp filer" button). */
  openRef: Ref<() => void>;
}

/**
 * Drag and drop (many files at once). The area is a drop target only: keyboard and click users
 * have the "Last opp filer" button, which opens the same file input, so the area needs no focus
 * and does not pose as a button.
 */
export function UploadDropzone({ folderName, maxSize, onFiles, openRef }: UploadDropzoneProps) {
  const { t } = useTranslation();
  const format = useSizeFormat();

  const reject = (rejections: FileRejection[]) => {
    for (const { file, errors } of rejections) {
      const tooLarge = errors.some((error) => error.code === 'file-too-large');
      notify({
        color: 'red',
        title: t('files.dropzone.rejectedTitle', { name: file.name }),
        message:
          tooLarge && maxSize !== undefined
            ? t('files.dropzone.tooLarge', { max: format.size(maxSize) })
            : t('files.uploads.errors.unknown'),
      });
    }
  };

  return (
    <Dropzone
      onDrop={onFiles}
      onReject={reject}
      multiple
      maxSize={maxSize}
      openRef={openRef}
      activateOnClick={false}
      activateOnKeyboard={false}
      // The plain file input: showOpenFilePicker gives files without a stable lastModified on
      // some systems, and the same file must look the same to resume an upload.
      useFsAccessApi={false}
      inputProps={{ 'aria-label': t('files.dropzone.input') }}
      radius="md"
      p="md"
    >
      <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={32} stroke={1.5} aria-hidden="true" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={32} stroke={1.5} aria-hidden="true" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconCloudUpload size={32} stroke={1.5} aria-hidden="true" />
        </Dropzone.Idle>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('files.dropzone.idle', { folder: folderName })}
          </Text>
          <Text size="xs" c="dimmed">
            {maxSize !== undefined
              ? t('files.dropzone.hintWithMax', { max: format.size(maxSize) })
              : t('files.dropzone.hint')}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
