import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { scanTooEarlySchema } from '@tun/shared/attendance-tags';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useScanTag } from '../api/scan-tag';

/**
 * Where a room's tag or QR code leads. It scans at once (the student has just held up their
 * phone), then says in one big sentence whether they are checked in, and if not, why.
 */
export function ScanPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.scan.title'));
  const { room, key } = useSearch({ from: '/app/scan' });
  const scan = useScanTag();
  const started = useRef(false);

  const run = () => {
    if (room && key) scan.mutate({ roomId: room, key });
  };

  useEffect(() => {
    // Once per visit; React's development double effects must not scan twice.
    if (started.current) return;
    started.current = true;
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <Title order={1}>{t('pages.scan.title')}</Title>
      <Paper withBorder radius="md" p="lg">
        {/* Announced when the answer arrives. */}
        <div role="status" aria-live="polite">
          {!room || !key ? (
            <Outcome ok={false} text={t('scan.missing')} />
          ) : scan.isPending || scan.isIdle ? (
            <Group gap="md" wrap="nowrap">
              <Loader size="md" aria-hidden="true" />
              <Text size="xl">{t('scan.registering')}</Text>
            </Group>
          ) : scan.isError ? (
            <ScanFailure error={scan.error} />
          ) : (
            <ScanSuccess result={scan.data} />
          )}
        </div>
      </Paper>
      <Group>
        {scan.isError && room && key && (
          <Button size="md" onClick={run}>
            {t('scan.retry')}
          </Button>
        )}
        <Button size="md" variant="default" component={Link} to="/app/dashboard">
          {t('scan.toDashboard')}
        </Button>
      </Group>
    </Stack>
  );
}

function Outcome({ ok, text, more }: { ok: boolean; text: string; more?: string }) {
  const Icon = ok ? IconCircleCheck : IconAlertTriangle;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={56} radius="xl" color={ok ? 'green.8' : 'red.8'} variant="filled" aria-hidden="true">
        <Icon size={36} />
      </ThemeIcon>
      <Stack gap="xs">
        <Text size="xl" fw={700} lh={1.35}>
          {text}
        </Text>
        {more && <Text>{more}</Text>}
      </Stack>
    </Group>
  );
}

function ScanSuccess({ result }: { result: NonNullable<ReturnType<typeof useScanTag>['data']> }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const text = t('scan.success', {
    event: result.event.name,
    start: format.time(result.event.start),
    end: format.time(result.event.end),
  });
  if (result.status === 'attending') return <Outcome ok text={text} />;
  // The scan is stored, but a teacher's own registration wins (SPEC §4).
  return (
    <Stack gap="md">
      <Outcome ok text={text} />
      <Alert color="yellow" variant="light">
        {t('scan.overridden', { status: t(`attendanceStatus.${result.status}`) })}
      </Alert>
    </Stack>
  );
}

function ScanFailure({ error }: { error: Error }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  let more = errorMessage(error);
  if (isApiError(error, 'scan-too-early')) {
    const early = scanTooEarlySchema.safeParse(error.problem);
    if (early.success) {
      more = t('scan.tooEarly', {
        event: early.data.event.name,
        start: format.time(early.data.event.start),
        opens: format.time(early.data.opensAt),
      });
    }
  } else if (isApiError(error, 'forbidden')) {
    more = t('scan.forbidden');
  }
  return <Outcome ok={false} text={t('scan.failedTitle')} more={more} />;
}
