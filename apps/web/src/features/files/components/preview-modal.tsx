import { Alert, Anchor, Button, Center, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { StoredFile } from '@tun/shared/files';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileContentUrl, fileInlineUrl } from '../../../entities/files/file-urls';
import { fileKind } from '../model/file-kind';

interface PreviewModalProps {
  opened: boolean;
  file: StoredFile | null;
  onClose: () => void;
}

/** Shows an image or a PDF in the page (only those may be shown inline: mayShowInline). */
export function PreviewModal({ opened, file, onClose }: PreviewModalProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={file?.name ?? ''}
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {/* Keyed by file, so a failed image does not mark the next one failed too. */}
      {file && <Preview key={file.id} file={file} />}
    </Modal>
  );
}

function Preview({ file }: { file: StoredFile }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const kind = fileKind(file.contentType);
  const src = fileInlineUrl(file.id);
  return (
    <Stack gap="md">
      {failed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {t('files.preview.failed')}
        </Alert>
      ) : kind === 'pdf' ? (
        <iframe
          src={src}
          title={t('files.preview.pdfLabel', { name: file.name })}
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      ) : (
        <Center>
          <img
            src={src}
            alt={file.name}
            onError={() => setFailed(true)}
            style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          />
        </Center>
      )}
      <Group justify="flex-end" gap="sm">
        <Anchor href={src} target="_blank" rel="noopener" size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconExternalLink size={16} aria-hidden="true" />
            {t('files.preview.newTab')}
          </Group>
        </Anchor>
        <Button
          component="a"
          href={fileContentUrl(file.id)}
          download={file.name}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          {t('files.actions.download')}
        </Button>
      </Group>
    </Stack>
  );
}
