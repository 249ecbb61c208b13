import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { LEAVE_DAYS_MAX } from '@tun/shared/leave';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LeavePeriodField, LeavePeriodProblem } from './leave-period';

interface LeavePeriodFieldsProps {
  /** The form's props for each field (value, onChange, error). */
  inputProps: (field: LeavePeriodField) => GetInputPropsReturnType;
  disabled?: boolean;
  /** Said under the fields: how long the period is, or what changing it does. */
  hint?: string;
}

/** A period's problem (leave-period.ts) in the reader's language. */
export function periodProblemText(t: TFunction, problem: LeavePeriodProblem): string {
  switch (problem) {
    case 'required':
      return t('validation.required');
    case 'tooLong':
      return t('leave.period.tooLong', { max: LEAVE_DAYS_MAX });
    default:
      return t(`leave.period.${problem}`);
  }
}

/**
 * From and to, each a date and a time at the school: the phone's own pickers, two fields a row
 * so that they fit side by side on a narrow screen.
 */
export function LeavePeriodFields({ inputProps, disabled, hint }: LeavePeriodFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        {(['fromDate', 'fromTime', 'toDate', 'toTime'] as const).map((field) => (
          <TextInput
            key={field}
            type={field.endsWith('Date') ? 'date' : 'time'}
            label={t(`leave.period.${field}`)}
            required
            disabled={disabled}
            {...inputProps(field)}
          />
        ))}
      </SimpleGrid>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
