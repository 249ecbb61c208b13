import { Loader, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useSupervision } from '../api/get-supervision';
import { SupervisionActions } from './supervision-actions';
import { SupervisionStatus } from './supervision-status';

/** Who has supervision now, the number to call, and one tap to take over. */
export function SupervisionDuty() {
  const { t } = useTranslation();
  const supervision = useSupervision();

  return (
    <Stack gap="lg" maw={560}>
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
