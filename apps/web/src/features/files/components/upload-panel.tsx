import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { uploadActions, uploadPercent, uploadSpeed, type UploadTask } from '../model/upload-task';
import { UploadProgress } from './upload-progress';
import { useSizeFormat } from './use-size-format';
import { uploads } from './use-uploads';

const STATE_COLORS: Record<UploadTask['state'], string> = {
  running: 'fjord',
  pausing: 'gray',
  paused: 'gray',
  success: 'teal',
  canceling: 'gray',
  canceled: 'gray',
  error: 'red',
};

/** SPEC §4: every file being uploaded, with its state, progress, speed and what can be done with it. */
export function UploadPanel({ tasks }: { tasks: readonly UploadTask[] }) {
  const { t } = useTranslation();
  if (tasks.length === 0) return null;
  const anyFinished = tasks.some((task) => task.state === 'success' || task.state === 'canceled');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="files-uploads-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="files-uploads-title">
            {t('files.uploads.title')}
          </Title>
          {anyFinished && (
            <Button size="compact-sm" variant="subtle" onClick={() => uploads.dismissFinished()}>
              {t('files.uploads.clearFinished')}
            </Button>
          )}
        </Group>
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {tasks.map((task) => (
            <UploadRow key={task.id} task={task} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function UploadRow({ task }: { task: UploadTask }) {
  const { t } = useTranslation();
  const format = useSizeFormat();
  const actions = uploadActions(task);
  const percent = uploadPercent(task);
  const speed = uploadSpeed(task);
  const done = format.size(task.bytesSent);
  const total = format.size(task.size);
  const state =
    task.state === 'running' && !task.started
      ? t('files.uploads.waiting')
      : t(`files.uploads.states.${task.state}`);
  const name = task.name;

  return (
    <li>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {/* A status of its own, so a screen reader hears "Ferdig" or "Feilet" without the bytes ticking. */}
          <Text
            size="sm"
            c={task.state === 'error' ? 'red.9' : undefined}
            role="status"
            style={{ flexShrink: 0 }}
          >
            {state}
          </Text>
        </Group>
        <UploadProgress
          value={percent}
          label={t('files.uploads.progressLabel', { name })}
          valueText={t('files.uploads.progressValue', { done, total, percent: format.percent(percent) })}
          color={STATE_COLORS[task.state]}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {speed === null
              ? t('files.uploads.progress', { done, total })
              : t('files.uploads.progressWithSpeed', { done, total, speed: format.speed(speed) })}
          </Text>
          <Group gap={4}>
            {actions.pause && (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconPlayerPause size={14} aria-hidden="true" />}
                aria-label={t('files.uploads.pauseLabel', { name })}
                onClick={() => void uploads.pause(task.id)}
              >
                {t('files.uploads.pause')}
              </Button>
            )}
            {actions.resume && (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
                aria-label={t('files.uploads.resumeLabel', { name })}
                onClick={() => uploads.resume(task.id)}
              >
                {t('files.uploads.resume')}
              </Button>
            )}
            {actions.retry && (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconRefresh size={14} aria-hidden="true" />}
                aria-label={t('files.uploads.retryLabel', { name })}
                onClick={() => uploads.retry(task.id)}
              >
                {t('files.uploads.retry')}
              </Button>
            )}
            {actions.cancel && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} aria-hidden="true" />}
                aria-label={t('files.uploads.cancelLabel', { name })}
                onClick={() => void uploads.cancel(task.id)}
              >
                {t('files.uploads.cancel')}
              </Button>
            )}
            {actions.dismiss && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                aria-label={t('files.uploads.dismissLabel', { name })}
                onClick={() => uploads.dismiss(task.id)}
              >
                {t('files.uploads.dismiss')}
              </Button>
            )}
          </Group>
        </Group>
        {task.state === 'error' && task.error && (
          <Text size="sm" c="red.9">
            {t(`files.uploads.errors.${task.error}`)}
          </Text>
        )}
      </Stack>
    </li>
  );
}
