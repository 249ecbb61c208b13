import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { placeFieldErrors } from '../../../lib/place-field-errors';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  LEAVE_APPROVERS,
  LEAVE_CATEGORIES,
  leaveSettingsSchema,
  type LeaveSettings,
} from '@tun/shared/leave';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useLeaveSettings, useSaveLeaveSettings } from '../api/leave-approvals';

interface SettingsValues extends Omit<LeaveSettings, 'absenceDayPercent'> {
  /** What the number field holds: '' while empty. */
  absenceDayPercent: number | string;
}

/**
 * «Innstillinger» (admins, decision 027): who approves leave, which categories are valid leave
 * (gyldig fravær), and from what share of a day's teaching missed it counts as an absence day.
 */
export function LeaveSettingsTab() {
  const { t } = useTranslation();
  const settings = useLeaveSettings();
  if (settings.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('app.loading')} maw={640}>
        <Skeleton h={120} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <LoadError
        title={t('leave.settings.loadFailed')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  // A fresh form when the saved rules change (here or, over the live topic, elsewhere).
  return <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: LeaveSettings }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveLeaveSettings();
  const form = useForm<SettingsValues>({
    initialValues: structuredClone(settings),
    validate: {
      absenceDayPercent: (value) =>
        leaveSettingsSchema.shape.absenceDayPercent.safeParse(value).success
          ? null
          : t('leave.settings.percentInvalid'),
    },
  });

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      try {
        await save.mutateAsync({ ...values, absenceDayPercent: Number(values.absenceDayPercent) });
        notify({ color: 'fjord', message: t('leave.settings.saved') });
      } catch (error) {
        placeFieldErrors(
          error,
          form,
          (path) => (path[0] === 'absenceDayPercent' ? 'absenceDayPercent' : undefined),
          formElement,
        );
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const failed = save.isError && Object.keys(form.errors).length === 0;

  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      noValidate
      aria-label={t('leave.settings.label')}
    >
      <Stack gap="lg" maw={640}>
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('leave.settings.failed')}
            role="alert"
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        <Radio.Group
          label={t('leave.settings.approvers')}
          description={t('leave.settings.approversHint')}
          {...form.getInputProps('approvers')}
        >
          <Stack gap="xs" mt="xs">
            {LEAVE_APPROVERS.map((approvers) => (
              <Radio
                key={approvers}
                value={approvers}
                label={t(`leave.settings.approver.${approvers}`)}
                description={t(`leave.settings.approverHint.${approvers}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Fieldset
          variant="unstyled"
          p={0}
          m={0}
          legend={t('leave.settings.justified')}
          styles={{ legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
        >
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('leave.settings.justifiedHint')}
            </Text>
            {LEAVE_CATEGORIES.map((category) => (
              <Switch
                key={category}
                label={t(`leave.category.${category}`)}
                {...form.getInputProps(`justified.${category}`, { type: 'checkbox' })}
              />
            ))}
          </Stack>
        </Fieldset>
        <NumberInput
          label={t('leave.settings.absenceDayPercent')}
          description={t('leave.settings.absenceDayPercentHint')}
          min={1}
          max={100}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          // Said at the field rather than changed behind the admin's back.
          clampBehavior="none"
          suffix=" %"
          styles={{ wrapper: { maxWidth: 200 } }}
          {...form.getInputProps('absenceDayPercent')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('leave.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
