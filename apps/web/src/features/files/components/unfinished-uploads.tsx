import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { filesQueryKey } from '../api/get-file-list';
import { discardUnfinishedUpload, type UnfinishedUploadStatus } from '../api/get-unfinished-uploads';
import { UploadProgress } from './upload-progress';
import { useSizeFormat } from './use-size-format';

interface UnfinishedUploadsProps {
  uploads: readonly UnfinishedUploadStatus[];
  /** Opens the file dialog: picking the same file again resumes it. */
  onChoose: () => void;
}

/**
 * Large uploads an earlier visit (or a reload) left unfinished. The browser may not read a file
 * it was not given again, so the person picks or drops it once more and it goes on from where
 * the server is.
 */
export function UnfinishedUploads({ uploads, onChoose }: UnfinishedUploadsProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="files-unfinished-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="files-unfinished-title">
            {t('files.unfinished.title')}
          </Title>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            onClick={onChoose}
          >
            {t('files.unfinished.choose')}
          </Button>
        </Group>
        <Text size="sm">{t('files.unfinished.intro')}</Text>
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {uploads.map((upload) => (
            <UnfinishedRow key={upload.urlStorageKey} upload={upload} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function UnfinishedRow({ upload }: { upload: UnfinishedUploadStatus }) {
  const { t } = useTranslation();
  const format = useSizeFormat();
  const dates = useFormatters();
  const queryClient = useQueryClient();
  const [discarding, setDiscarding] = useState(false);
  const total = format.size(upload.size);
  const percent =
    upload.offset === null || upload.size === 0 ? 0 : Math.floor((upload.offset / upload.size) * 100);
  const done = format.size(upload.offset ?? 0);

  const discard = async () => {
    setDiscarding(true);
    try {
      await discardUnfinishedUpload(upload);
      notify({ color: 'fjord', message: t('files.unfinished.discarded', { name: upload.name }) });
    } finally {
      setDiscarding(false);
      await queryClient.invalidateQueries({ queryKey: [...filesQueryKey, 'unfinished'] });
    }
  };

  return (
    <li>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {upload.name}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={discarding}
            aria-label={t('files.unfinished.discardLabel', { name: upload.name })}
            onClick={() => void discard()}
          >
            {t('files.unfinished.discard')}
          </Button>
        </Group>
        {upload.offset !== null && (
          <UploadProgress
            value={percent}
            label={t('files.uploads.progressLabel', { name: upload.name })}
            valueText={t('files.uploads.progressValue', { done, total, percent: format.percent(percent) })}
            color="gray"
          />
        )}
        <Text size="xs" c="dimmed">
          {upload.offset === null
            ? t('files.unfinished.unknown', { total })
            : t('files.unfinished.progress', { done, total, percent: format.percent(percent) })}
        </Text>
        {upload.createdAt && (
          <Text size="xs" c="dimmed">
            {t('files.unfinished.started', { date: dates.dateTime(upload.createdAt) })}
          </Text>
        )}
      </Stack>
    </li>
  );
}
