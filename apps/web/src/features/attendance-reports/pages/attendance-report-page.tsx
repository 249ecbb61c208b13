import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { todayInSchoolZone } from '@tun/shared/time';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLines } from '../../../entities/lines/get-lines';
import { reportCsvUrl, useAttendanceReport, type ReportParams } from '../api/get-attendance-report';
import { periodProblem } from '../model/report-period';
import { schoolYearOf } from '@tun/shared/school-year';
import { ReportLinesTable } from '../components/report-lines-table';
import { ReportStudentsTable } from '../components/report-students-table';
import { useReportFormat } from '../components/use-report-format';
import { WeeklyChart } from '../components/weekly-chart';
import { LoadError } from '../../../components/load-error';

const ALL_LINES = 'all';

/**
 * /app/attendance/report: the school's attendance for a period (the school year by default),
 * per student, per line and per week, with the 90 % flag and a CSV download of the same report.
 */
export function AttendanceReportPage() {
  const { t, i18n } = useTranslation();
  const format = useReportFormat();
  useDocumentTitle(t('pages.attendanceReport.title'));
  const search = useSearch({ from: '/app/attendance/report' });
  const navigate = useNavigate({ from: '/app/attendance/report' });
  const schoolYear = useMemo(() => schoolYearOf(todayInSchoolZone()), []);

  // The fields may hold a half-typed period; the address (and the report) only valid ones.
  const [period, setPeriod] = useState({
    from: search.from ?? schoolYear.from,
    to: search.to ?? schoolYear.to,
  });
  const [onlyBelow, setOnlyBelow] = useState(false);
  const problem = periodProblem(period.from, period.to);
  const lineId = search.line;
  const params: ReportParams | null = problem === null ? { ...period, lineId } : null;
  const report = useAttendanceReport(params);
  const linesQuery = useLines();

  const changePeriod = (next: { from: string; to: string }) => {
    setPeriod(next);
    if (periodProblem(next.from, next.to) === null) {
      void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true });
    }
  };

  const lineNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const line of linesQuery.data ?? []) names.set(line.id, line.name);
    for (const line of report.data?.lines ?? []) names.set(line.lineId, line.name);
    return names;
  }, [linesQuery.data, report.data]);
  const lineName = useCallback((id: string) => lineNames.get(id), [lineNames]);

  const lineOptions = [
    { value: ALL_LINES, label: t('attendanceReport.filters.allLines') },
    ...[...(linesQuery.data ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
      .map((line) => ({ value: line.id, label: line.name })),
  ];

  const data = report.data;
  const students = data?.students ?? [];
  const shown = onlyBelow ? students.filter((student) => student.below) : students;
  const belowCount = students.filter((student) => student.below).length;
  const expectedMinutes = students.reduce((sum, student) => sum + student.expectedMinutes, 0);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('pages.attendanceReport.title')}</Title>
        <Text maw="70ch">{t('attendanceReport.rule')}</Text>
        {data && (
          <Text maw="70ch">
            {t('attendanceReport.dayRule', { percent: format.percentWhole(data.absenceDayPercent) })}
          </Text>
        )}
      </Stack>

      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-label={t('attendanceReport.filters.label')}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('attendanceReport.filters.from')}
            value={period.from}
            onChange={(event) => changePeriod({ ...period, from: event.currentTarget.value })}
            error={problem === 'missing' && !period.from ? t('attendanceReport.period.missing') : undefined}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            type="date"
            label={t('attendanceReport.filters.to')}
            value={period.to}
            onChange={(event) => changePeriod({ ...period, to: event.currentTarget.value })}
            error={
              problem === 'order' || problem === 'tooLong'
                ? t(`attendanceReport.period.${problem}`)
                : problem === 'missing' && period.from
                  ? t('attendanceReport.period.missing')
                  : undefined
            }
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label={t('attendanceReport.filters.line')}
            data={lineOptions}
            value={lineId && lineNames.has(lineId) ? lineId : ALL_LINES}
            onChange={(value) =>
              void navigate({
                search: (previous) => ({
                  ...previous,
                  line: value && value !== ALL_LINES ? value : undefined,
                }),
                replace: true,
              })
            }
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 220 }}
          />
          {params ? (
            <Button
              component="a"
              href={reportCsvUrl(params)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t('attendanceReport.download')}
            </Button>
          ) : (
            // Without a valid period there is nothing to download: a real disabled button says so.
            <Button variant="default" disabled leftSection={<IconDownload size={16} aria-hidden="true" />}>
              {t('attendanceReport.download')}
            </Button>
          )}
        </Group>
      </Paper>

      {report.isError && (
        <LoadError
          title={t('attendanceReport.loadFailed')}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      )}

      {data && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Paper withBorder radius="md" p="sm">
            <Text size="sm">{t('attendanceReport.summary.students')}</Text>
            <Text fw={700} size="xl">
              {format.number(students.length)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="sm">
            <Text size="sm">{t('attendanceReport.summary.below')}</Text>
            <Text fw={700} size="xl" c={belowCount > 0 ? 'red.9' : undefined}>
              {format.number(belowCount)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="sm">
            <Text size="sm">{t('attendanceReport.summary.hours')}</Text>
            <Text fw={700} size="xl">
              {format.hours(expectedMinutes)}
            </Text>
          </Paper>
        </SimpleGrid>
      )}

      <Stack gap="sm" component="section" aria-labelledby="report-students">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id="report-students">
            {t('attendanceReport.students.heading')}
          </Title>
          <Switch
            label={t('attendanceReport.filters.onlyBelow')}
            checked={onlyBelow}
            onChange={(event) => setOnlyBelow(event.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {data ? t('attendanceReport.students.count', { shown: shown.length, total: students.length }) : ''}
        </Text>
        <ReportStudentsTable students={shown} lineName={lineName} fetching={report.isFetching} />
      </Stack>

      {data && (
        <Stack gap="sm" component="section" aria-labelledby="report-lines">
          <Title order={2} size="h3" id="report-lines">
            {t('attendanceReport.lines.heading')}
          </Title>
          <ReportLinesTable lines={data.lines} />
        </Stack>
      )}

      {data && (
        <Stack gap="sm" component="section" aria-labelledby="report-weeks">
          <Title order={2} size="h3" id="report-weeks">
            {t('attendanceReport.weeks.heading')}
          </Title>
          <WeeklyChart weeks={data.weeks} />
        </Stack>
      )}
    </Stack>
  );
}
