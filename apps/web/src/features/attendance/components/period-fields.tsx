import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isDateRange } from '../model/attendance-dates';

export interface Period {
  from: string;
  to: string;
}

/** From and to (school dates, both included); the range is used only when it is valid. */
export function PeriodFields({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  const invalid = value.from !== '' && value.to !== '' && !isDateRange(value.from, value.to);
  return (
    <Group gap="sm" align="flex-start">
      <TextInput
        type="date"
        label={t('attendance.period.from')}
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.currentTarget.value })}
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        type="date"
        label={t('attendance.period.to')}
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.currentTarget.value })}
        error={invalid ? t('attendance.period.invalid') : undefined}
        w={{ base: '100%', xs: 180 }}
      />
    </Group>
  );
}

/** The period to ask the server for, or null while it is not a valid range. */
export function validPeriod(period: Period): Period | null {
  return isDateRange(period.from, period.to) ? period : null;
}
