import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { SettingsSection } from '../../../components/settings-section';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EMERGENCY_MESSAGE_MAX, type Emergency } from '@tun/shared/screens';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useEmergency, useLowerEmergency, useRaiseEmergency } from '../api/emergency';

/**
 * The emergency banner: one message on every screen of the school at once, above everything
 * they show, until it is taken down. Raising it asks first; it reaches the whole school.
 */
export function EmergencySection() {
  const { t } = useTranslation();
  const emergency = useEmergency();
  return (
    <SettingsSection
      id="emergency-heading"
      title={t('tvSetup.emergency.title')}
      intro={t('tvSetup.emergency.intro')}
    >
      {emergency.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {emergency.isError && (
        <LoadError
          title={t('tvSetup.emergency.loadFailed')}
          error={emergency.error}
          onRetry={() => void emergency.refetch()}
        />
      )}
      {emergency.isSuccess && (emergency.data ? <RaisedBanner emergency={emergency.data} /> : <RaiseForm />)}
    </SettingsSection>
  );
}

function RaisedBanner({ emergency }: { emergency: NonNullable<Emergency> }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const lower = useLowerEmergency();

  const takeDown = () =>
    lower.mutateAsync().then(
      () => notify({ color: 'fjord', message: t('tvSetup.emergency.lowered') }),
      (error: unknown) =>
        notify({ color: 'red', title: t('tvSetup.emergency.lowerFailed'), message: errorMessage(error) }),
    );

  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={t('tvSetup.emergency.showing')}
    >
      <Stack gap="sm" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="emergency-message">
          {emergency.message}
        </Text>
        <Text size="sm">
          {t(emergency.raisedBy === null ? 'tvSetup.emergency.raisedAt' : 'tvSetup.emergency.raisedBy', {
            name: emergency.raisedBy,
            date: format.date(emergency.raisedAt, { day: 'numeric', month: 'long' }),
            time: format.time(emergency.raisedAt),
          })}
        </Text>
        <Button color="red" onClick={() => void takeDown()} loading={lower.isPending}>
          {t('tvSetup.emergency.lower')}
        </Button>
      </Stack>
    </Alert>
  );
}

function RaiseForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const raise = useRaiseEmergency();
  const form = useForm({
    initialValues: { message: '' },
    validate: { message: validators.length({ max: EMERGENCY_MESSAGE_MAX }) },
  });
  const length = [...form.getValues().message.trim()].length;

  const submit = form.onSubmit(
    ({ message }) => {
      const text = message.trim();
      modals.openConfirmModal({
        title: t('tvSetup.emergency.confirmTitle'),
        children: (
          <Stack gap="xs">
            <Text>{t('tvSetup.emergency.confirmBody')}</Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          </Stack>
        ),
        labels: { confirm: t('tvSetup.emergency.confirm'), cancel: t('tvSetup.emergency.cancel') },
        confirmProps: { color: 'red' },
        closeButtonProps: { 'aria-label': t('app.close') },
        // The promise, not mutate's callbacks: the form unmounts once the banner is up.
        onConfirm: () => {
          raise.mutateAsync({ message: text }).then(
            () => notify({ color: 'fjord', message: t('tvSetup.emergency.raised') }),
            (error: unknown) =>
              notify({
                color: 'red',
                title: t('tvSetup.emergency.raiseFailed'),
                message: errorMessage(error),
              }),
          );
        },
      });
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {/* One line: the banner is a headline across the screen, not a post. */}
        <TextInput
          label={t('tvSetup.emergency.message')}
          description={t('tvSetup.emergency.messageDescription', {
            used: length,
            max: EMERGENCY_MESSAGE_MAX,
          })}
          required
          autoComplete="off"
          maxLength={EMERGENCY_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={raise.isPending}>
            {t('tvSetup.emergency.raise')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
