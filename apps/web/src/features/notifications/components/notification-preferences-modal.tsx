import {
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
} from '@tun/shared/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../entities/session/get-session';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { notificationPreferencesQueryOptions } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

interface NotificationPreferencesModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Which channels carry each category of notification, for the signed-in person. */
export function NotificationPreferencesModal({ opened, onClose }: NotificationPreferencesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('notifications.preferences.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
      // The button that opened it sat in the popover, which is gone; the bell takes focus back.
      returnFocus={false}
    >
      {/* Mounted only while open, so each opening starts from what is stored now. */}
      {opened && <PreferencesLoader onDone={onClose} />}
    </Modal>
  );
}

function PreferencesLoader({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(notificationPreferencesQueryOptions());
  if (query.isPending) {
    return (
      <Center py="lg" role="status">
        <Loader size="sm" aria-hidden="true" />
        <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title={t('notifications.preferences.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <PreferencesForm stored={query.data} onDone={onDone} />;
}

const CELL_LABEL_KEYS = {
  inApp: 'notifications.preferences.cellInApp',
  email: 'notifications.preferences.cellEmail',
  push: 'notifications.preferences.cellPush',
} as const satisfies Record<NotificationChannel, string>;

function PreferencesForm({ stored, onDone }: { stored: NotificationPreferences; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const session = useSession();
  const update = useUpdateNotificationPreferences();
  // Kept as it was when the dialog opened: a live refresh must not undo unsaved ticks.
  const [value, setValue] = useState(stored);
  const email = session.user.email;

  const toggle = (category: NotificationCategory, channel: NotificationChannel, checked: boolean) =>
    setValue((current) => ({ ...current, [category]: { ...current[category], [channel]: checked } }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await update.mutateAsync(value);
      notify({ color: 'fjord', message: t('notifications.preferences.saved') });
      onDone();
    } catch (error) {
      notify({
        color: 'red',
        title: t('notifications.preferences.saveFailed'),
        message: errorMessage(error),
      });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('notifications.preferences.intro')}</Text>
        <Table verticalSpacing="xs">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
            <VisuallyHidden>{t('notifications.preferences.caption')}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('notifications.preferences.category')}</Table.Th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Table.Th key={channel} scope="col" ta="center">
                  {t(`notifications.preferences.channels.${channel}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_CATEGORIES.map((category) => {
              const name = t(`notifications.preferences.categories.${category}`);
              return (
                <Table.Tr key={category}>
                  <Table.Th scope="row" fw={500}>
                    {name}
                  </Table.Th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.Td key={channel}>
                      <Center>
                        <Checkbox
                          aria-label={t(CELL_LABEL_KEYS[channel], { category: name })}
                          checked={value[category][channel]}
                          onChange={(event) => toggle(category, channel, event.currentTarget.checked)}
                        />
                      </Center>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {email
            ? t('notifications.preferences.emailNote', { email })
            : t('notifications.preferences.noEmail')}
        </Text>
        {/* Push reaches only devices subscribed on the app setup page: the tick alone sends nothing. */}
        <Text size="sm" c="dimmed">
          {t('notifications.preferences.pushNote')}
        </Text>
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={update.isPending}>
            {t('notifications.preferences.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('notifications.preferences.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
