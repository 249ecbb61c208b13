import { Alert, Anchor, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { useCan } from '../../../entities/session/access';
import { useSupervision } from '../api/get-supervision';
import { SupervisionStatus } from './supervision-status';

/** The dashboard's card (SPEC §2): who has supervision now and a tap-to-call phone, live. */
export function SupervisionCard() {
  const { t } = useTranslation();
  const canView = useCan('schoolInfo:view');
  const supervision = useSupervision({ enabled: canView });
  const errorMessage = useErrorMessage();
  if (!canView) return null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-supervision">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="dashboard-supervision">
            {t('dashboard.supervision.title')}
          </Title>
          <Anchor component={Link} to="/app/tilsyn" size="sm">
            {t('dashboard.supervision.open')}
          </Anchor>
        </Group>
        {supervision.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {supervision.isError && !supervision.data && (
          <Alert color="red" variant="light">
            {errorMessage(supervision.error)}
          </Alert>
        )}
        {supervision.data && <SupervisionStatus supervision={supervision.data} />}
      </Stack>
    </Card>
  );
}
