import { Group, Paper, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../components/use-now';
import { useFormatters } from '../../lib/dates';
import { useOnlineStatus } from '../../lib/online-status';

/**
 * When the data on screen was fetched: the newest fetch of the queries now shown (those with
 * an observer). The session is left out: it is on every page and says nothing about the page.
 */
function newestShownUpdate(queryClient: QueryClient): number {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.queryKey[0] === 'session' || query.getObserversCount() === 0) continue;
    newest = Math.max(newest, query.state.dataUpdatedAt);
  }
  return newest;
}

const MINUTE_MS = 60_000;

function OfflineMessage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const updatedAt = useSyncExternalStore(subscribe, () => newestShownUpdate(queryClient));
  // Offline over midnight, «kl. 14:05» would mean today: the date is added then.
  const now = useNow(MINUTE_MS);

  let title: string = t('pwa.offline.plain');
  if (updatedAt > 0) {
    const time = format.time(updatedAt);
    const today = format.date(now, { dateStyle: 'short' }) === format.date(updatedAt, { dateStyle: 'short' });
    title = today
      ? t('pwa.offline.since', { time })
      : t('pwa.offline.sinceDate', { time, date: format.date(updatedAt, { day: 'numeric', month: 'long' }) });
  }
  return (
    // Not Mantine's Alert: that is role="alert" itself, and this sits in a polite status region.
    <Paper withBorder bg="orange.0" px="md" py="sm" mb="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCloudOff aria-hidden size={22} style={{ flexShrink: 0 }} />
        <div>
          <Text fw={700}>{title}</Text>
          <Text size="sm">{t('pwa.offline.hint')}</Text>
        </div>
      </Group>
    </Paper>
  );
}

/**
 * Tells the user that Tun has no connection and how old what they see is. The status region is
 * always there, so screen readers announce the message when it appears.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return <div role="status">{online ? null : <OfflineMessage />}</div>;
}
