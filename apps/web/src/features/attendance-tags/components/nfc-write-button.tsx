import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconNfc } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

/** Web NFC (Chrome on Android); not in TypeScript's DOM library yet. */
interface NdefWriter {
  write(
    message: { records: { recordType: 'url'; data: string }[] },
    options?: { signal?: AbortSignal },
  ): Promise<void>;
}
type NdefWriterConstructor = new () => NdefWriter;

function ndefReader(): NdefWriterConstructor | undefined {
  return 'NDEFReader' in window
    ? (window as unknown as { NDEFReader: NdefWriterConstructor }).NDEFReader
    : undefined;
}

type Failure = 'denied' | 'unavailable' | 'failed';

function failureOf(error: unknown): Failure {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotSupportedError' || name === 'NotReadableError') return 'unavailable';
  return 'failed';
}

/** Writes the scan link to an NFC tag where the browser can; elsewhere says where it can. */
export function NfcWriteButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const [writing, setWriting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const abort = useRef<AbortController | null>(null);
  const Reader = ndefReader();

  // Closing the dialog stops waiting for a tag.
  useEffect(() => () => abort.current?.abort(), []);

  if (!Reader) {
    return (
      <Text size="sm" c="dimmed">
        {t('roomTag.nfc.unsupported')}
      </Text>
    );
  }

  const write = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setWriting(true);
    try {
      await new Reader().write(
        { records: [{ recordType: 'url', data: url }] },
        { signal: controller.signal },
      );
      notify({ color: 'fjord', message: t('roomTag.nfc.written') });
    } catch (error) {
      if (!controller.signal.aborted) setFailure(failureOf(error));
    } finally {
      if (abort.current === controller) abort.current = null;
      setWriting(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconNfc size={18} aria-hidden="true" />}
          loading={writing}
          onClick={() => void write()}
        >
          {t('roomTag.nfc.write')}
        </Button>
        {writing && (
          <Button variant="subtle" onClick={() => abort.current?.abort()}>
            {t('roomTag.nfc.cancel')}
          </Button>
        )}
      </Group>
      <div aria-live="polite">
        {writing && <Text size="sm">{t('roomTag.nfc.writing')}</Text>}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {t(`roomTag.nfc.${failure}`)}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
