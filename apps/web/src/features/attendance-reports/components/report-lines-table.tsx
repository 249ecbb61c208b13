import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLine } from '@tun/shared/attendance-reports';
import { PercentCell } from './percent-cell';
import { ScrollRegion } from './scroll-region';
import { useReportFormat } from './use-report-format';

/** Each line summed over its members. */
export function ReportLinesTable({ lines }: { lines: readonly ReportLine[] }) {
  const { t } = useTranslation();
  const format = useReportFormat();
  if (lines.length === 0) return <Text>{t('attendanceReport.lines.empty')}</Text>;
  return (
    <ScrollRegion label={t('attendanceReport.lines.tableLabel')}>
      <Table
        miw={720}
        striped
        highlightOnHover
        verticalSpacing="xs"
        withTableBorder
        aria-label={t('attendanceReport.lines.tableLabel')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('attendanceReport.columns.line')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('attendanceReport.columns.students')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('attendanceReport.columns.expected')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('attendanceReport.columns.attended')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('attendanceReport.columns.justified')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('attendanceReport.columns.absent')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('attendanceReport.columns.percent')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.lineId}>
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {line.name}
              </Table.Th>
              <Table.Td ta="end">{format.number(line.studentCount)}</Table.Td>
              <Table.Td ta="end">{format.minutes(line.expectedMinutes)}</Table.Td>
              <Table.Td ta="end">{format.minutes(line.attendedMinutes)}</Table.Td>
              <Table.Td ta="end">{format.minutes(line.justifiedMinutes)}</Table.Td>
              <Table.Td ta="end">{format.minutes(line.absentMinutes)}</Table.Td>
              <Table.Td ta="end">
                <PercentCell sums={line} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
