import { placeFieldErrors } from '../../../lib/place-field-errors';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Leave } from '@tun/shared/leave';
import { fullName } from '@tun/shared/names';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  periodFieldOf,
  periodOf,
  periodProblems,
  periodValuesOf,
  type LeavePeriodValues,
} from '../../../entities/leave/leave-period';
import { LeavePeriodFields, periodProblemText } from '../../../entities/leave/leave-period-fields';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useChangeLeavePeriod } from '../api/leave-approvals';

/** «Endre periode»: an approver shortens or moves an application or a leave. */
export function PeriodDialog({ leave, onClose }: { leave: Leave | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  return (
    <Modal
      opened={leave !== null}
      onClose={onClose}
      title={leave ? t('leave.periodDialog.title', { name: fullName(leave.studentName) }) : ''}
      fullScreen={isPhone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {leave && <PeriodForm key={leave.id} leave={leave} onClose={onClose} />}
    </Modal>
  );
}

function PeriodForm({ leave, onClose }: { leave: Leave; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const change = useChangeLeavePeriod();
  const form = useForm<LeavePeriodValues>({
    initialValues: periodValuesOf(leave),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(periodProblems(values)).map(([field, problem]) => [
          field,
          periodProblemText(t, problem),
        ]),
      ),
  });

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      const period = periodOf(values);
      if (!period) return;
      try {
        await change.mutateAsync({ id: leave.id, period });
        notify({
          color: 'fjord',
          message: t('leave.periodDialog.saved', { name: fullName(leave.studentName) }),
        });
        onClose();
      } catch (error) {
        placeFieldErrors(error, form, periodFieldOf, formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const failed =
    change.isError && !(isApiError(change.error, 'validation-failed') && Object.keys(form.errors).length > 0);

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('leave.periodDialog.failed')}
            role="alert"
          >
            {errorMessage(change.error)}
          </Alert>
        )}
        <LeavePeriodFields
          inputProps={(field) => form.getInputProps(field)}
          disabled={change.isPending}
          hint={t(
            leave.status === 'approved' ? 'leave.periodDialog.hintApproved' : 'leave.periodDialog.hint',
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose} disabled={change.isPending}>
            {t('leave.periodDialog.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('leave.periodDialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
