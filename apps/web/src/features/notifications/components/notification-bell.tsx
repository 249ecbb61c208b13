import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { unreadCountQueryOptions } from '../api/get-notifications';
import { unreadBadgeText } from '../model/unread-count';
import { NotificationPanel } from './notification-panel';
import './notifications.css';

// Loaded when first opened: a form most visits never open, with the checks of its input.
const NotificationPreferencesModal = lazy(() =>
  import('./notification-preferences-modal').then((module) => ({
    default: module.NotificationPreferencesModal,
  })),
);

/**
 * The bell in the app header: the unread count (kept current by the live `notifications` topic),
 * the list in a popover dialog, and the settings dialog opened from it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const headingId = useId();
  const bell = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const { data: unread = 0 } = useQuery(unreadCountQueryOptions());
  const badge = unreadBadgeText(unread, number);
  // The badge shows «99+»; the name says the real number.
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        // A phone is narrower than the list would like; the popover keeps a margin on each side.
        width="min(22.5rem, calc(100vw - 1rem))"
        shadow="md"
        trapFocus
        returnFocus
        // Inside the header landmark, so every piece of the page belongs to a region.
        withinPortal={false}
      >
        <Indicator
          inline
          disabled={badge === null}
          label={<span aria-hidden="true">{badge}</span>}
          size={18}
          offset={6}
          color="red.9"
        >
          <Popover.Target>
            <ActionIcon
              ref={bell}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              onClick={() => setOpened((open) => !open)}
            >
              <IconBell size={22} aria-hidden="true" />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown p={0} aria-labelledby={headingId}>
          <NotificationPanel
            headingId={headingId}
            onNavigate={() => setOpened(false)}
            onOpenSettings={() => {
              setOpened(false);
              setSettingsOpened(true);
            }}
          />
        </Popover.Dropdown>
      </Popover>
      {/* Mounted when opened: on every page, closed, its hooks were part of the first render. */}
      {settingsOpened && (
        <Suspense fallback={null}>
          <NotificationPreferencesModal
            opened
            onClose={() => {
              setSettingsOpened(false);
              bell.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
