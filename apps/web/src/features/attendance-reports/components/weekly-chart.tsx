import { Box, Table, Text } from '@mantine/core';
import { ATTENDANCE_REQUIRED_SHARE } from '@tun/shared/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportWeekSums } from '@tun/shared/attendance-reports';
import { weekNumber } from '../model/report-period';
import { ScrollRegion } from './scroll-region';
import { useReportFormat } from './use-report-format';

const BAR = 14;
const GAP = 6;
const STEP = BAR + GAP;
const PLOT_HEIGHT = 150;
const LEFT = 40;
const TOP = 10;
const BOTTOM = 26;
const REQUIRED = ATTENDANCE_REQUIRED_SHARE * 100;

const y = (percent: number) => TOP + PLOT_HEIGHT - (percent / 100) * PLOT_HEIGHT;

/**
 * Attended share per ISO week as bars (red under 90 %), with a dashed line at 90 %. The picture
 * has one accessible name; the figures themselves are in the table below it, for screen readers
 * and for anyone who wants the numbers.
 */
export function WeeklyChart({ weeks }: { weeks: readonly ReportWeekSums[] }) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const titleId = useId();
  if (weeks.length === 0) return <Text>{t('attendanceReport.weeks.empty')}</Text>;

  const width = LEFT + weeks.length * STEP + GAP;
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  // Every week labelled when they fit; otherwise about a dozen labels.
  const labelEvery = Math.max(1, Math.ceil(weeks.length / 12));
  const first = weekNumber(weeks[0]!.week);
  const last = weekNumber(weeks.at(-1)!.week);

  return (
    <Box>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        // The drawing's own scale, whatever the number of weeks: one week is a small picture, not huge text.
        style={{ maxWidth: width * 1.6, display: 'block' }}
      >
        <title id={titleId}>{t('attendanceReport.weeks.chartLabel', { first, last })}</title>
        {[0, 50, 100].map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={width}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-default-border)"
            />
            <text
              x={LEFT - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize={11}
              fill="var(--mantine-color-text)"
            >
              {format.percentWhole(tick)}
            </text>
          </g>
        ))}
        <line
          x1={LEFT}
          x2={width}
          y1={y(REQUIRED)}
          y2={y(REQUIRED)}
          stroke="var(--mantine-color-text)"
          strokeDasharray="4 3"
        />
        <text
          x={LEFT - 6}
          y={y(REQUIRED) + 4}
          textAnchor="end"
          fontSize={11}
          fill="var(--mantine-color-text)"
        >
          {format.percentWhole(REQUIRED)}
        </text>
        {weeks.map((week, index) => {
          const x = LEFT + GAP + index * STEP;
          const number = weekNumber(week.week);
          const below = week.percent !== null && week.percent < REQUIRED;
          return (
            <g key={week.week}>
              {week.percent !== null && (
                <rect
                  x={x}
                  y={y(week.percent)}
                  width={BAR}
                  height={Math.max(1, (week.percent / 100) * PLOT_HEIGHT)}
                  rx={2}
                  fill={below ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-fjord-6)'}
                >
                  <title>
                    {t('attendanceReport.weeks.weekTitle', {
                      week: number,
                      percent: format.percent(week.percent),
                    })}
                  </title>
                </rect>
              )}
              {index % labelEvery === 0 && (
                <text
                  x={x + BAR / 2}
                  y={TOP + PLOT_HEIGHT + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fill="var(--mantine-color-text)"
                >
                  {number}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Box component="details" mt="sm">
        <Box component="summary" style={{ cursor: 'pointer' }}>
          {t('attendanceReport.weeks.showTable')}
        </Box>
        <ScrollRegion label={t('attendanceReport.weeks.tableLabel')}>
          <Table
            miw={420}
            mt="xs"
            striped
            verticalSpacing={4}
            withTableBorder
            aria-label={t('attendanceReport.weeks.tableLabel')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('attendanceReport.weeks.week')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('attendanceReport.columns.expected')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('attendanceReport.columns.attended')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('attendanceReport.columns.percent')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weeks.map((week) => (
                <Table.Tr key={week.week}>
                  <Table.Th scope="row" fw={400}>
                    {t('attendanceReport.weeks.weekOf', {
                      week: weekNumber(week.week),
                      day: format.day(week.monday),
                    })}
                  </Table.Th>
                  <Table.Td ta="end">{format.minutes(week.expectedMinutes)}</Table.Td>
                  <Table.Td ta="end">{format.minutes(week.attendedMinutes)}</Table.Td>
                  <Table.Td ta="end">
                    {week.percent === null ? t('attendanceReport.notExpected') : format.percent(week.percent)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Box>
    </Box>
  );
}
