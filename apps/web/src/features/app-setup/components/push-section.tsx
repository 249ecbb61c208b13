import { Alert, Button, Fieldset, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { SettingsSection } from '../../../components/settings-section';
import { IconBellOff, IconInfoCircle, IconSend } from '@tabler/icons-react';
import type { NotificationCategory } from '@tun/shared/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../entities/session/get-session';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { PushUnavailableError } from '../../../lib/push-subscription';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/push-preferences';
import { useSendTestPush } from '../api/send-test-push';
import { shownCategories, withPush } from '../model/push-state';
import { usePushDevice } from './use-push-device';

/**
 * Push for everyone: on or off for this device, which categories come by push (for every device
 * the person has switched on), and a test to see that it works.
 */
export function PushSection() {
  const { t } = useTranslation();
  return (
    <SettingsSection id="push-heading" title={t('appSetup.push.title')} intro={t('appSetup.push.intro')}>
      <DeviceSwitch />
      <CategorySwitches />
      <TestPush />
    </SettingsSection>
  );
}

function DeviceSwitch() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const device = usePushDevice();
  const { status } = device;

  const change = async (on: boolean) => {
    try {
      await device.setOn(on);
      notify({ color: 'fjord', message: on ? t('appSetup.push.deviceOn') : t('appSetup.push.deviceOff') });
    } catch (error) {
      // Blocked or impossible here: the switch's own explanation says what to do instead.
      if (error instanceof PushUnavailableError) return;
      notify({
        color: 'red',
        title: on ? t('appSetup.push.subscribeFailed') : t('appSetup.push.unsubscribeFailed'),
        // The browser's own errors (its push service refusing, a private window) have no code.
        message: isApiError(error) ? errorMessage(error) : t('appSetup.push.browserFailed'),
      });
    }
  };

  return (
    <Stack gap="sm">
      <Switch
        size="md"
        label={t('appSetup.push.device')}
        description={status === 'on' ? t('appSetup.push.deviceOnHint') : t('appSetup.push.deviceOffHint')}
        checked={status === 'on'}
        disabled={status === undefined || status === 'unsupported' || status === 'denied' || device.pending}
        onChange={(event) => void change(event.currentTarget.checked)}
        thumbIcon={device.pending ? <Loader size={10} aria-hidden="true" /> : undefined}
      />
      {status === 'unsupported' && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('appSetup.push.unsupported')}
        </Alert>
      )}
      {status === 'denied' && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconBellOff aria-hidden="true" />}
          title={t('appSetup.push.denied.title')}
        >
          <Stack gap={4}>
            <Text size="sm">{t('appSetup.push.denied.browser')}</Text>
            <Text size="sm">{t('appSetup.push.denied.iphone')}</Text>
            <Text size="sm">{t('appSetup.push.denied.android')}</Text>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function CategorySwitches() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const session = useSession();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const categories = shownCategories(session.features);
  if (categories.length === 0) return null;

  const change = async (category: NotificationCategory, push: boolean) => {
    if (!preferences.data) return;
    try {
      await save.mutateAsync(withPush(preferences.data, category, push));
    } catch (error) {
      notify({ color: 'red', title: t('appSetup.push.categoriesFailed'), message: errorMessage(error) });
    }
  };

  return (
    <Fieldset
      legend={t('appSetup.push.categories')}
      variant="unstyled"
      p={0}
      m={0}
      styles={{ legend: { fontWeight: 600 } }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id="push-categories-note">
          {t('appSetup.push.categoriesNote')}
        </Text>
        {preferences.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {preferences.isError && (
          <LoadError
            title={t('appSetup.push.categoriesLoadFailed')}
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        )}
        {preferences.data &&
          categories.map((category) => (
            <Switch
              key={category}
              label={t(`appSetup.push.category.${category}`)}
              aria-describedby="push-categories-note"
              checked={preferences.data[category].push}
              disabled={save.isPending}
              onChange={(event) => void change(category, event.currentTarget.checked)}
            />
          ))}
      </Stack>
    </Fieldset>
  );
}

function TestPush() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const send = useSendTestPush();
  const [result, setResult] = useState<string | null>(null);

  const test = async () => {
    setResult(null);
    try {
      const { devices } = await send.mutateAsync();
      setResult(
        devices === 0 ? t('appSetup.push.testNone') : t('appSetup.push.testSent', { count: devices }),
      );
    } catch (error) {
      setResult(`${t('appSetup.push.testFailed')} ${errorMessage(error)}`);
    }
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Group>
        <Button
          variant="default"
          leftSection={<IconSend size={16} aria-hidden="true" />}
          loading={send.isPending}
          onClick={() => void test()}
        >
          {t('appSetup.push.test')}
        </Button>
      </Group>
      {/* Always in the page, so screen readers hear the answer when it comes. */}
      <Text size="sm" role="status" aria-live="polite">
        {result}
      </Text>
    </Stack>
  );
}
