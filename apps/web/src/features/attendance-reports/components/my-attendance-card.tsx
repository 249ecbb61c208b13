import { Anchor, Badge, Box, Card, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ATTENDANCE_REQUIRED_SHARE } from '@tun/shared/limits';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../entities/session/get-session';
import { seesOnlyOwnAttendance, useMyAttendance } from '../api/get-my-attendance';
import { weekNumber } from '../model/report-period';
import { useReportFormat } from './use-report-format';
import { LoadError } from '../../../components/load-error';

const BAR_HEIGHT = 40;
const REQUIRED = ATTENDANCE_REQUIRED_SHARE * 100;

/**
 * «Mitt oppmøte» for students and scholars (who see only their own absence): the share of the
 * school year attended, in warning red under 90 %, and the last eight weeks as tiny bars.
 */
export function MyAttendanceCard() {
  const { t } = useTranslation();
  const session = useSession();
  // Staff see everyone's attendance in the report; this card is for those who see only their own.
  const ownOnly = seesOnlyOwnAttendance(session);
  const summary = useMyAttendance({ enabled: ownOnly });
  const format = useReportFormat();
  if (!ownOnly) return null;

  const data = summary.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-my-attendance">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="dashboard-my-attendance">
            {t('myAttendance.title')}
          </Title>
          <Anchor component={Link} to="/app/attendance" size="sm">
            {t('myAttendance.open')}
          </Anchor>
        </Group>
        {data && (
          <Text size="sm" c="dimmed" mt={-8}>
            {t('myAttendance.schoolYear', { from: data.from.slice(0, 4), to: data.to.slice(0, 4) })}
          </Text>
        )}
        {summary.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {summary.isError && !data && <LoadError title={t('myAttendance.loadFailed')} error={summary.error} />}
        {data && data.percent === null && <Text>{t('myAttendance.none')}</Text>}
        {data && data.percent !== null && (
          <Stack gap={4}>
            <Text size="sm">{t('myAttendance.share')}</Text>
            <Group gap="sm" align="center">
              <Text fz={32} fw={700} lh={1.1} c={data.below ? 'red.9' : undefined}>
                {format.percent(data.percent)}
              </Text>
              {data.below && (
                <Badge color="red.9" variant="filled" tt="none">
                  {t('myAttendance.below')}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {t('myAttendance.hours', {
                attended: format.hours(data.attendedMinutes),
                expected: format.hours(data.expectedMinutes),
              })}
            </Text>
            <Text size="sm" c={data.below ? 'red.9' : undefined}>
              {data.below ? t('myAttendance.belowHelp') : t('myAttendance.ok')}
            </Text>
          </Stack>
        )}
        {data && data.weeks.some((week) => week.percent !== null) && (
          <Stack gap={4}>
            <Text size="sm" fw={600} id="dashboard-my-attendance-trend">
              {t('myAttendance.trend')}
            </Text>
            <Group
              component="ol"
              aria-labelledby="dashboard-my-attendance-trend"
              gap={6}
              wrap="nowrap"
              align="flex-end"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {data.weeks.map((week) => {
                const number = weekNumber(week.week);
                const below = week.percent !== null && week.percent < REQUIRED;
                return (
                  <Stack
                    component="li"
                    key={week.week}
                    gap={2}
                    align="center"
                    style={{ flex: 1, minWidth: 0 }}
                  >
                    <VisuallyHidden>
                      {week.percent === null
                        ? t('myAttendance.trendWeekEmpty', { week: number })
                        : t('myAttendance.trendWeek', {
                            week: number,
                            percent: format.percent(week.percent),
                          })}
                    </VisuallyHidden>
                    <Text size="xs" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
                      {week.percent === null ? '·' : format.percentWhole(Math.floor(week.percent))}
                    </Text>
                    <Box
                      aria-hidden="true"
                      w="100%"
                      maw={28}
                      h={BAR_HEIGHT}
                      style={{
                        display: 'flex',
                        alignItems: 'flex-end',
                        borderBottom: '1px solid var(--mantine-color-default-border)',
                      }}
                    >
                      {week.percent !== null && (
                        <Box
                          w="100%"
                          h={Math.max(2, (week.percent / 100) * BAR_HEIGHT)}
                          style={{
                            borderRadius: 2,
                            background: below ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-fjord-6)',
                          }}
                        />
                      )}
                    </Box>
                    <Text size="xs" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
                      {t('myAttendance.weekShort', { week: number })}
                    </Text>
                  </Stack>
                );
              })}
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
