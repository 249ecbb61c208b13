import 'mantine-datatable/styles.layer.css';
import { Text } from '@mantine/core';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportStudent } from '@tun/shared/attendance-reports';
import { PercentCell } from './percent-cell';
import { useReportFormat } from './use-report-format';

type SortColumn =
  | 'name'
  | 'lines'
  | 'expected'
  | 'attended'
  | 'justified'
  | 'absent'
  | 'absenceDays'
  | 'absenceHours'
  | 'percent';

interface Row extends ReportStudent {
  lineNames: string;
}

/**
 * One row per student: minutes by status, absence days and hours as Lånekassen counts them (with
 * the justified part under each), and the share attended, sortable by every column.
 */
export function ReportStudentsTable({
  students,
  lineName,
  fetching,
}: {
  students: readonly ReportStudent[];
  lineName: (id: string) => string | undefined;
  fetching: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useReportFormat();
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
    columnAccessor: 'name',
    direction: 'asc',
  });

  const rows = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { sensitivity: 'base', numeric: true });
    const byName = (a: Row, b: Row) =>
      collator.compare(a.name.last, b.name.last) ||
      collator.compare(a.name.first, b.name.first) ||
      collator.compare(a.name.middle ?? '', b.name.middle ?? '');
    const withLines: Row[] = students.map((student) => ({
      ...student,
      lineNames: student.lineIds
        .map((id) => lineName(id))
        .filter(Boolean)
        .join(', '),
    }));
    const sign = sortStatus.direction === 'asc' ? 1 : -1;
    const column = sortStatus.columnAccessor as SortColumn;
    const value = (row: Row): number | null => {
      switch (column) {
        case 'expected':
          return row.expectedMinutes;
        case 'attended':
          return row.attendedMinutes;
        case 'justified':
          return row.justifiedMinutes;
        case 'absent':
          return row.absentMinutes;
        case 'absenceDays':
          return row.absenceDays;
        case 'absenceHours':
          return row.absenceHours;
        case 'percent':
          return row.percent;
        default:
          return null;
      }
    };
    return withLines.sort((a, b) => {
      if (column === 'name') return sign * byName(a, b);
      if (column === 'lines') {
        // Students without a line last, whatever the direction.
        if (!a.lineNames !== !b.lineNames) return a.lineNames ? -1 : 1;
        return sign * collator.compare(a.lineNames, b.lineNames) || byName(a, b);
      }
      const left = value(a);
      const right = value(b);
      if (left === null || right === null) {
        if (left !== right) return left === null ? 1 : -1;
        return byName(a, b);
      }
      return sign * (left - right) || byName(a, b);
    });
  }, [students, lineName, sortStatus, i18n.language]);

  const minutesColumn = (
    accessor: SortColumn,
    key: 'expectedMinutes' | 'attendedMinutes' | 'justifiedMinutes' | 'absentMinutes',
  ) => ({
    accessor,
    title: t(`attendanceReport.columns.${accessor}` as 'attendanceReport.columns.expected'),
    sortable: true,
    textAlign: 'right' as const,
    render: (row: Row) => <span style={{ whiteSpace: 'nowrap' }}>{format.minutes(row[key])}</span>,
  });

  return (
    <DataTable<Row>
      aria-label={t('attendanceReport.students.tableLabel')}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={rows.length === 0 ? 160 : undefined}
      fetching={fetching}
      records={rows}
      idAccessor="studentId"
      noRecordsText={t('attendanceReport.students.noRecords')}
      sortStatus={sortStatus}
      onSortStatusChange={setSortStatus}
      columns={[
        {
          accessor: 'name',
          title: t('attendanceReport.columns.name'),
          sortable: true,
          render: (row) => (
            <Text size="sm">
              {format.name(row.name)}
              {row.former && (
                <Text span size="xs" c="dimmed">
                  {` (${t('attendanceReport.former')})`}
                </Text>
              )}
            </Text>
          ),
        },
        {
          accessor: 'lines',
          title: t('attendanceReport.columns.line'),
          sortable: true,
          render: (row) =>
            row.lineNames || (
              <Text size="sm" c="dimmed" component="span">
                {t('attendanceReport.noLine')}
              </Text>
            ),
        },
        minutesColumn('expected', 'expectedMinutes'),
        minutesColumn('attended', 'attendedMinutes'),
        minutesColumn('justified', 'justifiedMinutes'),
        minutesColumn('absent', 'absentMinutes'),
        {
          accessor: 'absenceDays',
          title: t('attendanceReport.columns.absenceDays'),
          sortable: true,
          textAlign: 'right',
          render: (row) => (
            <AbsenceCell
              value={format.number(row.absenceDays)}
              justified={row.justifiedDays > 0 ? format.number(row.justifiedDays) : null}
            />
          ),
        },
        {
          accessor: 'absenceHours',
          title: t('attendanceReport.columns.absenceHours'),
          sortable: true,
          textAlign: 'right',
          render: (row) => (
            <AbsenceCell
              value={format.hourCount(row.absenceHours)}
              justified={row.justifiedHours > 0 ? format.hourCount(row.justifiedHours) : null}
            />
          ),
        },
        {
          accessor: 'percent',
          title: t('attendanceReport.columns.percent'),
          sortable: true,
          textAlign: 'right',
          render: (row) => <PercentCell sums={row} />,
        },
      ]}
    />
  );
}

/** A count of absence, and under it how much of it was justified leave (when any was). */
function AbsenceCell({ value, justified }: { value: string; justified: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{value}</span>
      {justified !== null && (
        <Text size="xs" c="dimmed">
          {t('attendanceReport.justifiedPart', { value: justified })}
        </Text>
      )}
    </>
  );
}
