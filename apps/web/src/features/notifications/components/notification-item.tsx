import { Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@tun/shared/notifications';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag, useFormatters } from '../../../lib/dates';
import { appPath } from '../model/notification-pages';
import { formatRelativeTime } from '../model/relative-time';

interface NotificationItemProps {
  notification: Notification;
  now: Date;
  /** Marks it read; for a link, also opens its page (unless the click opens a new tab). */
  onOpen: (notification: Notification, path: string | null, event: MouseEvent<HTMLElement>) => void;
}

/** One notification: a link to what it is about, or just its text when it points nowhere. */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const { dateTime, date } = useFormatters();
  const unread = notification.readAt === null;
  const path = appPath(notification.link);
  const createdAt = new Date(notification.createdAt);
  const when = formatRelativeTime(
    createdAt,
    now,
    localeTag(i18n.resolvedLanguage ?? i18n.language),
    (value) => date(value, { dateStyle: 'medium' }),
  );

  const content: ReactNode = (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <span className="tun-notification-dot" aria-hidden="true" />
      <Box miw={0}>
        <Text size="sm" fw={unread ? 700 : 500}>
          {unread && <VisuallyHidden>{`${t('notifications.unread')}: `}</VisuallyHidden>}
          {notification.title}
        </Text>
        {notification.text && (
          <Text size="sm" className="tun-notification-text" lineClamp={3}>
            {notification.text}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={notification.createdAt} title={dateTime(createdAt)}>
            {when}
          </time>
        </Text>
      </Box>
    </Group>
  );

  if (path) {
    return (
      <a
        href={path}
        className="tun-notification-item"
        data-unread={unread || undefined}
        onClick={(event) => onOpen(notification, path, event)}
      >
        {content}
      </a>
    );
  }
  return (
    <div className="tun-notification-item" data-unread={unread || undefined}>
      {content}
      {unread && (
        <Group justify="flex-end" mt={4}>
          <Button size="compact-xs" variant="subtle" onClick={(event) => onOpen(notification, null, event)}>
            {t('notifications.markRead')}
          </Button>
        </Group>
      )}
    </div>
  );
}
