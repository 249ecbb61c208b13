import { placeFieldErrors } from '../../../lib/place-field-errors';
import { Alert, Button, Group, Radio, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { LEAVE_CATEGORIES, LEAVE_REASON_MAX, type Leave } from '@tun/shared/leave';
import { todayInSchoolZone } from '@tun/shared/time';
import type { TFunction } from 'i18next';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LeavePeriodFields, periodProblemText } from '../../../entities/leave/leave-period-fields';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { useApplyForLeave, useEditLeave } from '../api/leave-applications';
import {
  leaveFieldOf,
  leaveFormProblems,
  leaveFormValuesOf,
  leaveInputOf,
  type LeaveFormProblem,
  type LeaveFormValues,
} from '../model/leave-form';

interface LeaveFormProps {
  /** The application to change; none for a new one. */
  leave?: Leave;
  onSaved: (saved: Leave) => void;
  /** Offers «Avbryt» (the dialog's form). */
  onCancel?: () => void;
}

function problemText(t: TFunction, problem: LeaveFormProblem): string {
  switch (problem) {
    case 'reasonTooLong':
      return t('validation.maxLength', { max: LEAVE_REASON_MAX });
    case 'phoneInvalid':
      return t('leave.form.phoneInvalid');
    default:
      return periodProblemText(t, problem);
  }
}

/**
 * An application for leave: the period (a date and a time at the school), the category, the
 * reason, whether they sleep away and a phone while away. New on «Søk om permisjon»; changed in
 * a dialog while it is pending.
 */
export function LeaveForm({ leave, onSaved, onCancel }: LeaveFormProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const formId = useId();
  const apply = useApplyForLeave();
  const edit = useEditLeave();
  const saving = leave ? edit : apply;

  const form = useForm<LeaveFormValues>({
    initialValues: leaveFormValuesOf(leave, todayInSchoolZone()),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(leaveFormProblems(values)).map(([field, problem]) => [field, problemText(t, problem)]),
      ),
  });

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      const input = leaveInputOf(values);
      if (!input) return;
      try {
        const saved = leave
          ? await edit.mutateAsync({ id: leave.id, input })
          : await apply.mutateAsync(input);
        onSaved(saved);
      } catch (error) {
        placeFieldErrors(error, form, leaveFieldOf, formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  // A refusal that belongs to no field (an overlapping leave, one decided meanwhile) is said above.
  const failed =
    saving.isError && !(isApiError(saving.error, 'validation-failed') && Object.keys(form.errors).length > 0);

  return (
    <form
      id={formId}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      noValidate
      aria-label={leave ? t('leave.form.editLabel') : t('leave.form.label')}
    >
      <Stack gap="md" maw={560}>
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={leave ? t('leave.form.editFailed') : t('leave.form.failed')}
            role="alert"
          >
            {errorMessage(saving.error)}
          </Alert>
        )}
        <LeavePeriodFields
          inputProps={(field) => form.getInputProps(field)}
          disabled={saving.isPending}
          hint={t('leave.form.periodHint')}
        />
        <Radio.Group
          label={t('leave.form.category')}
          required
          {...form.getInputProps('category')}
          value={form.getValues().category ?? ''}
        >
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt={6}>
            {LEAVE_CATEGORIES.map((category) => (
              <Radio
                key={category}
                value={category}
                label={t(`leave.category.${category}`)}
                disabled={saving.isPending}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Textarea
          label={t('leave.form.reason')}
          description={t('leave.form.reasonHint')}
          required
          autosize
          minRows={2}
          maxRows={8}
          maxLength={LEAVE_REASON_MAX}
          disabled={saving.isPending}
          {...form.getInputProps('reason')}
        />
        <Switch
          label={t('leave.form.sleepsAway')}
          description={t('leave.form.sleepsAwayHint')}
          disabled={saving.isPending}
          {...form.getInputProps('sleepsAway', { type: 'checkbox' })}
        />
        <TextInput
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          label={t('leave.form.phone')}
          description={t('leave.form.phoneHint')}
          disabled={saving.isPending}
          {...form.getInputProps('phone')}
        />
        <Group gap="sm" justify={onCancel ? 'flex-end' : 'flex-start'}>
          {onCancel && (
            <Button type="button" variant="default" onClick={onCancel} disabled={saving.isPending}>
              {t('leave.form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={saving.isPending}>
            {leave ? t('leave.form.save') : t('leave.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
