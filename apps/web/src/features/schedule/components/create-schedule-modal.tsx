import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { SCHEDULE_NAME_MAX, type Schedule, type ScheduleSummary } from '@tun/shared/calendar';
import { isIsoDate } from '@tun/shared/time';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useCreateSchedule } from '../api/create-schedule';
import { useScheduleLabel } from './schedule-label';

interface Values {
  name: string;
  /** YYYY-MM-DD as the date field gives it; '' while empty. */
  validFrom: string;
  validTo: string;
  copyOf: string | null;
}

const FIELDS = ['name', 'validFrom', 'validTo', 'copyOf'] as const;

const dateValidator = (value: string) => {
  if (value === '') return i18next.t('validation.required');
  return isIsoDate(value) ? null : i18next.t('schedule.settings.dateInvalid');
};

interface CreateScheduleModalProps {
  opened: boolean;
  schedules: readonly ScheduleSummary[];
  onClose: () => void;
  onCreated: (schedule: Schedule) => void;
}

/** A named schedule (an exam week): a name, the dates it applies, and optionally where to start from. */
export function CreateScheduleModal({ opened, schedules, onClose, onCreated }: CreateScheduleModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('schedule.create.title')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {opened && <CreateScheduleForm schedules={schedules} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function CreateScheduleForm({ schedules, onClose, onCreated }: Omit<CreateScheduleModalProps, 'opened'>) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const label = useScheduleLabel();
  const create = useCreateSchedule();
  const form = useForm<Values>({
    initialValues: { name: '', validFrom: '', validTo: '', copyOf: null },
    validate: {
      name: validators.length({ max: SCHEDULE_NAME_MAX }),
      validFrom: dateValidator,
      validTo: (value, values) =>
        dateValidator(value) ??
        (values.validFrom !== '' && value < values.validFrom
          ? i18next.t('schedule.settings.toBeforeFrom')
          : null),
    },
  });

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      try {
        const schedule = await create.mutateAsync({
          name: values.name.trim(),
          validFrom: values.validFrom,
          validTo: values.validTo,
          ...(values.copyOf ? { copyOf: values.copyOf } : {}),
        });
        notify({ color: 'fjord', message: t('schedule.create.created', { name: schedule.name }) });
        onCreated(schedule);
      } catch (error) {
        if (isApiError(error, 'validation-failed')) {
          for (const { path, message } of error.problem.errors ?? []) {
            const field = FIELDS.find((candidate) => candidate === fieldPath(path)[0]);
            if (field) form.setFieldError(field, message);
          }
          focusFirstInvalid(formElement);
        }
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {create.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {errorMessage(create.error)}
          </Alert>
        )}
        <TextInput
          data-autofocus
          label={t('schedule.settings.name')}
          description={t('schedule.create.nameDescription')}
          required
          maxLength={SCHEDULE_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="date"
            label={t('schedule.settings.validFrom')}
            required
            {...form.getInputProps('validFrom')}
          />
          <TextInput
            type="date"
            label={t('schedule.settings.validTo')}
            required
            min={form.getValues().validFrom || undefined}
            {...form.getInputProps('validTo')}
          />
        </SimpleGrid>
        <Select
          label={t('schedule.create.copyOf')}
          description={t('schedule.create.copyOfDescription')}
          placeholder={t('schedule.create.empty')}
          data={schedules.map((schedule) => ({ value: schedule.id, label: label(schedule) }))}
          clearable
          clearButtonProps={{ 'aria-label': t('schedule.create.clearCopyOf') }}
          {...form.getInputProps('copyOf')}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onClose} disabled={create.isPending}>
            {t('modals.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('schedule.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
