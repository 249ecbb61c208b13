import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSupervision } from '../api/get-supervision';
import { SupervisionActions } from '../components/supervision-actions';
import { SupervisionStatus } from '../components/supervision-status';
import { LoadError } from '../../../components/load-error';

/** /app/tilsyn: who has supervision now, the number to call, and one tap to take over. */
export function SupervisionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.supervision.title'));
  const supervision = useSupervision();

  return (
    <Stack gap="lg" maw={560}>
      <Stack gap={4}>
        <Title order={1}>{t('pages.supervision.title')}</Title>
        <Text c="dimmed">{t('supervision.intro')}</Text>
      </Stack>
      {supervision.isPending && <Loader aria-label={t('app.loading')} />}
      {supervision.isError && !supervision.data && (
        <LoadError error={supervision.error} onRetry={() => void supervision.refetch()} />
      )}
      {supervision.data && (
        <>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} aria-live="polite">
            <SupervisionStatus supervision={supervision.data} size="xl" />
          </Paper>
          <SupervisionActions supervision={supervision.data} />
        </>
      )}
    </Stack>
  );
}
