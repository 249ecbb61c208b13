import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportStudent } from '@tun/shared/attendance-reports';
import { BelowBadge } from './below-badge';
import { useReportFormat } from './use-report-format';

/** The share attended with the flag under 90 %, or a note that nothing was expected. */
export function PercentCell({ sums }: { sums: Pick<ReportStudent, 'percent' | 'below'> }) {
  const { t } = useTranslation();
  const format = useReportFormat();
  if (sums.percent === null) {
    return (
      <Text size="sm" c="dimmed" component="span">
        {t('attendanceReport.notExpected')}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Text size="sm" fw={sums.below ? 700 : undefined} component="span" style={{ whiteSpace: 'nowrap' }}>
        {format.percent(sums.percent)}
      </Text>
      {sums.below && <BelowBadge />}
    </Group>
  );
}
