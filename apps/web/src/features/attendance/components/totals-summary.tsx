import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AttendanceStatus } from '@tun/shared/attendance-status';
import { ATTENDANCE_REQUIRED_SHARE } from '@tun/shared/limits';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import type { AttendanceTotals } from '../model/attendance-totals';

const ORDER: readonly AttendanceStatus[] = ['attending', 'notAttending', 'justifiedLeave'];

/** Hours with one decimal, as Intl writes them ("12,5 t"). */
export function useHours() {
  const format = useFormatters();
  return (minutes: number) =>
    format.number(minutes / 60, { style: 'unit', unit: 'hour', maximumFractionDigits: 1 });
}

export function usePercent() {
  const format = useFormatters();
  return (share: number) => format.number(share, { style: 'percent', maximumFractionDigits: 1 });
}

/** Per status: events and hours; then the share of registered time attended, flagged under 90 %. */
export function TotalsSummary({ totals }: { totals: AttendanceTotals }) {
  const { t } = useTranslation();
  const hours = useHours();
  const percent = usePercent();
  const below = totals.below;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {ORDER.map((status) => (
        <Paper key={status} withBorder radius="md" p="sm">
          <Stack gap={2}>
            <Text size="sm">{t(`attendanceStatus.${status}`)}</Text>
            <Text fw={700} size="lg">
              {t('attendance.totals.events', { count: totals.events[status] })}
            </Text>
            <Text size="sm" c="dimmed">
              {hours(totals.minutes[status])}
            </Text>
          </Stack>
        </Paper>
      ))}
      <Paper withBorder radius="md" p="sm">
        <Stack gap={2}>
          <Text size="sm">{t('attendance.totals.share')}</Text>
          <Group gap="xs">
            <Text fw={700} size="lg">
              {totals.percent === null ? '–' : percent(totals.percent / 100)}
            </Text>
            {below && (
              <Badge color="red.9" variant="filled" tt="none">
                {t('attendance.totals.below', { percent: percent(ATTENDANCE_REQUIRED_SHARE) })}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('attendance.totals.shareOf', { hours: hours(totals.totalMinutes) })}
          </Text>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
