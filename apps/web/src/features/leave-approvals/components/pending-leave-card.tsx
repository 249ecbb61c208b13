import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { PENDING_LEAVE, useLeaveList } from '../../../entities/leave/get-leave';
import { useErrorMessage } from '../../../lib/error-message';
import { waitingForMe } from '../model/decide-model';

/**
 * The dashboard's «Permisjonssøknader» for teachers and admins: how many applications wait for
 * the reader's decision (decision 027), with the way to them. The same query as the tab's
 * count, so it follows new applications live.
 */
export function PendingLeaveCard() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const pending = useLeaveList(PENDING_LEAVE);
  const count = waitingForMe(pending.data?.leaves);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-pending-leave">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="dashboard-pending-leave">
            {t('dashboard.pendingLeave.title')}
          </Title>
          <AnchorLink to="/app/leave" search={{ tab: 'decide' }} size="sm">
            {t('dashboard.pendingLeave.open')}
          </AnchorLink>
        </Group>
        {pending.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {pending.isError && !pending.data && (
          <Alert color="red" variant="light">
            {errorMessage(pending.error)}
          </Alert>
        )}
        {pending.data && (
          <Text>
            {count === 0 ? t('dashboard.pendingLeave.none') : t('dashboard.pendingLeave.waiting', { count })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
