import { Alert, Badge, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { AnchorLink } from '../../../components/router-links';
import type { AttendanceRecord } from '@tun/shared/attendance';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { usePeople } from '../../../entities/people/get-people';
import { useStudentAttendance } from '../api/get-student-attendance';
import { schoolYearToDate } from '@tun/shared/school-year';
import { todayInSchoolZone } from '@tun/shared/time';
import { attendanceTotals, statusSource } from '../model/attendance-totals';
import { eventStart } from '../model/event-format';
import { studentOptions } from '../model/people-names';
import { PeriodFields, validPeriod, type Period } from './period-fields';
import { STATUS_COLORS } from '../../../components/status-control';
import { TotalsSummary, useHours } from './totals-summary';
import { useEventNames } from './use-event-names';

interface StudentAttendanceProps {
  studentId: string | null;
  /** Staff choose the student; a student sees their own and gets no picker. */
  onSelect?: (studentId: string | null) => void;
  /** Staff may open an event's sheet from a record. */
  linkToSheet?: boolean;
  /** The level of this view's headings: 2 in a tab, 3 under a section heading. */
  headingOrder?: 2 | 3;
}

/** «Per elev» and «Mitt fravær»: a student's records in a period, with totals. */
export function StudentAttendance({
  studentId,
  onSelect,
  linkToSheet = false,
  headingOrder = 2,
}: StudentAttendanceProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const errorMessage = useErrorMessage();
  const hours = useHours();
  const people = usePeople({ enabled: onSelect !== undefined });
  const [period, setPeriod] = useState<Period>(() => schoolYearToDate(todayInSchoolZone()));
  const range = validPeriod(period);
  const records = useStudentAttendance(studentId, range);
  const events = useEventNames(studentId, range);
  const options = useMemo(
    () => studentOptions(people.data ?? [], localeTag(language)),
    [people.data, language],
  );
  const sorted = useMemo(
    () => (records.data ?? []).slice().sort((a, b) => b.eventStart.localeCompare(a.eventStart)),
    [records.data],
  );
  const totals = useMemo(() => attendanceTotals(records.data ?? []), [records.data]);

  const eventName = (record: AttendanceRecord) => events.get(record.eventId)?.name;

  return (
    <Stack gap="md">
      {onSelect && (
        <Select
          label={t('attendance.student.select')}
          placeholder={t('attendance.student.selectPlaceholder')}
          data={options}
          value={studentId}
          onChange={onSelect}
          searchable
          clearable
          nothingFoundMessage={t('attendance.nothingFound')}
          maw={420}
        />
      )}
      <PeriodFields value={period} onChange={setPeriod} />

      {studentId === null && onSelect && <Text>{t('attendance.student.none')}</Text>}
      {records.isPending && studentId !== null && range && <Loader aria-label={t('app.loading')} />}
      {records.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(records.error)}
        </Alert>
      )}

      {records.data && studentId !== null && (
        <>
          <Title order={headingOrder} size="h4">
            {t('attendance.totals.title')}
          </Title>
          <TotalsSummary totals={totals} />
          <Title order={headingOrder} size="h4">
            {t('attendance.student.records', { count: sorted.length })}
          </Title>
          {sorted.length === 0 ? (
            <Text>{t('attendance.student.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('attendance.columns.when')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.event')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.duration')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.note')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sorted.map((record) => {
                    const name = eventName(record) ?? t('attendance.student.unknownEvent');
                    return (
                      <Table.Tr key={record.id}>
                        <Table.Td>
                          <time dateTime={record.eventStart}>{eventStart(record.eventStart, language)}</time>
                        </Table.Td>
                        <Table.Td>
                          {linkToSheet ? (
                            <AnchorLink to="/app/attendance" search={{ type: 'event', id: record.eventId }}>
                              {name}
                            </AnchorLink>
                          ) : (
                            name
                          )}
                        </Table.Td>
                        <Table.Td>{hours(record.eventDuration)}</Table.Td>
                        <Table.Td>
                          <Badge variant="filled" color={STATUS_COLORS[record.status]} autoContrast tt="none">
                            {t(`attendanceStatus.${record.status}`)}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t(`attendance.source.${statusSource(record)}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.note ?? ''}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
