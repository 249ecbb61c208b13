import '@mantine/dropzone/styles.layer.css';
import { Alert, Button, Group, List, Loader, Stack, Switch, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type ImportFile,
  type ImportPreview,
} from '@tun/shared/people-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCommitImport } from '../api/commit-import';
import { usePreviewImport } from '../api/preview-import';
import { ImportPreviewTable } from './import-preview-table';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

// Browsers report CSV under several types (Excel on Windows says vnd.ms-excel), some none at
// all; the extensions catch those. The server decides by the bytes, not by the name.
const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'text/tab-separated-values': ['.tsv', '.txt'],
  'application/vnd.ms-excel': ['.csv', '.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The problem's own field messages (a file without name columns, rows refused at commit). */
function ProblemDetails({ error }: { error: unknown }) {
  if (!isApiError(error)) return null;
  const { detail, errors } = error.problem;
  return (
    <Stack gap={4}>
      {detail && <Text size="sm">{detail}</Text>}
      {errors && errors.length > 0 && (
        <List size="sm">
          {errors.slice(0, 50).map((item, index) => (
            <List.Item key={`${item.path}-${index}`}>{item.message}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * Choose a file, see every row with its errors, then import all of it at once. Nothing is
 * written until the admin confirms a file without errors.
 */
export function PeopleImportDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const [file, setFile] = useState<ImportFile | null>(null);
  const [result, setResult] = useState<ImportPreview | null>(null);
  const [rejected, setRejected] = useState(false);
  const [readFailed, setReadFailed] = useState(false);
  const [onlyErrors, setOnlyErrors] = useState(false);

  const reset = () => {
    setFile(null);
    setResult(null);
    setRejected(false);
    setReadFailed(false);
    setOnlyErrors(false);
    preview.reset();
    commit.reset();
  };

  const onDrop = async (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    reset();
    let upload: ImportFile;
    try {
      upload = { fileName: chosen.name, contentBase64: await readAsBase64(chosen) };
    } catch {
      setReadFailed(true);
      return;
    }
    setFile(upload);
    preview.mutate(upload, { onSuccess: setResult });
  };

  const onReject = (_rejections: FileRejection[]) => {
    reset();
    setRejected(true);
  };

  const confirm = () => {
    if (!file) return;
    commit.mutate(file, {
      onSuccess: ({ created }) => {
        notify({ color: 'fjord', message: t('peopleImport.done', { count: created }) });
        onDone();
      },
    });
  };

  const reading = preview.isPending;
  const errorCount = result?.errorCount ?? 0;
  const canImport = result !== null && errorCount === 0 && result.rows.length > 0 && !commit.isPending;
  const shownRows = result
    ? onlyErrors
      ? result.rows.filter((row) => row.errors.length > 0)
      : result.rows
    : [];
  const foundColumns = result
    ? IMPORT_FIELDS.filter((field) => result.columns[field] !== null)
        .map((field) => t(`peopleImport.fields.${field}`))
        .join(', ')
    : '';

  return (
    <Stack gap="md">
      {!result && (
        <>
          <Text>{t('peopleImport.intro')}</Text>
          <Text size="sm" c="dimmed">
            {t('peopleImport.columnsHelp')}
          </Text>
          <Dropzone
            onDrop={(files) => void onDrop(files)}
            onReject={onReject}
            maxSize={IMPORT_MAX_BYTES}
            accept={ACCEPT}
            multiple={false}
            loading={reading}
            aria-label={t('peopleImport.dropLabel')}
            inputProps={{ 'aria-label': t('peopleImport.dropLabel') }}
          >
            <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
              <Dropzone.Accept>
                <IconUpload size={40} color="var(--mantine-primary-color-filled)" aria-hidden="true" />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={40} color="var(--mantine-color-red-7)" aria-hidden="true" />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileSpreadsheet size={40} color="var(--mantine-color-dimmed)" aria-hidden="true" />
              </Dropzone.Idle>
              <Stack gap={2}>
                <Text size="lg" fw={500}>
                  {t('peopleImport.dropTitle')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('peopleImport.dropHint', { max: MAX_MB })}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          <div role="status" aria-live="polite">
            {reading && (
              <Group gap="xs">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">{t('peopleImport.reading')}</Text>
              </Group>
            )}
          </div>
          {(rejected || readFailed || preview.isError) && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('peopleImport.readFailed')}
            >
              <Stack gap={4}>
                <Text size="sm">
                  {rejected || readFailed
                    ? t('peopleImport.rejected', { max: MAX_MB })
                    : errorMessage(preview.error)}
                </Text>
                <ProblemDetails error={preview.error} />
              </Stack>
            </Alert>
          )}
        </>
      )}

      {result && (
        <>
          <Stack gap={4}>
            <Text fw={500}>
              {t('peopleImport.summary', { count: result.rows.length, file: result.fileName })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('peopleImport.columnsFound', { columns: foundColumns })}
            </Text>
            {result.ignoredHeaders.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('peopleImport.ignored', { columns: result.ignoredHeaders.join(', ') })}
              </Text>
            )}
          </Stack>
          {result.encoding === 'windows-1252' && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {t('peopleImport.legacyEncoding')}
            </Alert>
          )}
          {errorCount > 0 ? (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {t('peopleImport.errorSummary', { count: errorCount })}
            </Alert>
          ) : (
            <Alert role="status" color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
              {t('peopleImport.noErrors')}
            </Alert>
          )}
          {errorCount > 0 && (
            <Switch
              label={t('peopleImport.onlyErrors')}
              checked={onlyErrors}
              onChange={(event) => setOnlyErrors(event.currentTarget.checked)}
            />
          )}
          <ImportPreviewTable rows={shownRows} />
          {commit.isError && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('peopleImport.failed')}
            >
              <Stack gap={4}>
                <Text size="sm">{errorMessage(commit.error)}</Text>
                <ProblemDetails error={commit.error} />
              </Stack>
            </Alert>
          )}
        </>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('peopleImport.cancel')}
        </Button>
        {result && (
          <Button variant="default" onClick={reset} disabled={commit.isPending}>
            {t('peopleImport.chooseAnother')}
          </Button>
        )}
        {result && (
          <Button onClick={confirm} disabled={!canImport} loading={commit.isPending}>
            {t('peopleImport.confirm', { count: result.rows.length })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
