import {
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChecks, IconSettings } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { Notification } from '@tun/shared/notifications';
import { useMemo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { notificationListQueryOptions } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { mergeNotificationPages } from '../model/notification-pages';
import { NotificationItem } from './notification-item';
import { useNow } from '../../../components/use-now';

const TICK_MS = 60_000;

interface NotificationPanelProps {
  headingId: string;
  /** Closes the popover: a notification was opened. */
  onNavigate: () => void;
  onOpenSettings: () => void;
}

function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The popover's content: the person's notifications, newest first, and the way to their settings. */
export function NotificationPanel({ headingId, onNavigate, onOpenSettings }: NotificationPanelProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const now = new Date(useNow(TICK_MS));
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useInfiniteQuery(notificationListQueryOptions());
  const markRead = useMarkNotificationsRead();
  const merged = useMemo(() => mergeNotificationPages(list.data?.pages ?? []), [list.data]);

  const markFailed = (error: unknown) =>
    notify({ color: 'red', title: t('notifications.markReadFailed'), message: errorMessage(error) });

  const open = (notification: Notification, path: string | null, event: MouseEvent<HTMLElement>) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] }, { onError: markFailed });
    // A new tab or window opens by itself; only a plain click stays in this one.
    if (!path || !isPlainClick(event)) return;
    event.preventDefault();
    onNavigate();
    void router.navigate({ href: path });
  };

  const showMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isFetchNextPageError) {
      notify({ color: 'red', title: t('notifications.loadFailed'), message: errorMessage(result.error) });
    }
  };

  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" px="sm" py="xs">
        {/* Focus lands here on opening, so a screen reader starts at the top of the list. */}
        <Title
          ref={heading}
          order={2}
          size="h4"
          id={headingId}
          tabIndex={-1}
          data-autofocus
          className="tun-notification-heading"
        >
          {t('notifications.heading')}
        </Title>
        {merged.unreadCount > 0 && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconChecks size={16} aria-hidden="true" />}
            loading={markRead.isPending && markRead.variables?.ids === undefined}
            onClick={() => {
              markRead.mutate({}, { onError: markFailed });
              // The button goes once nothing is unread; focus stays in the dialog.
              heading.current?.focus();
            }}
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </Group>
      <Divider />
      <Box className="tun-notification-scroll">
        {list.isPending ? (
          <Center py="lg" role="status">
            <Loader size="sm" aria-hidden="true" />
            <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
          </Center>
        ) : list.isError && !list.data ? (
          <Box p="sm">
            <LoadError
              title={t('notifications.loadFailed')}
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          </Box>
        ) : merged.notifications.length === 0 ? (
          <Text ta="center" c="dimmed" py="lg" size="sm">
            {t('notifications.empty')}
          </Text>
        ) : (
          <>
            <ul className="tun-notification-list" aria-labelledby={headingId}>
              {merged.notifications.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} now={now} onOpen={open} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <Center py="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  loading={list.isFetchingNextPage}
                  onClick={() => void showMore()}
                >
                  {t('notifications.showMore')}
                </Button>
              </Center>
            )}
          </>
        )}
      </Box>
      <Divider />
      <Box px="xs" py={6}>
        <Button
          variant="subtle"
          size="compact-sm"
          fullWidth
          justify="flex-start"
          leftSection={<IconSettings size={16} aria-hidden="true" />}
          onClick={onOpenSettings}
        >
          {t('notifications.openSettings')}
        </Button>
      </Box>
    </Stack>
  );
}
