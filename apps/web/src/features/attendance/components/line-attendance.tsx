import { Alert, Badge, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { AnchorLink } from '../../../components/router-links';
import { ATTENDANCE_REQUIRED_SHARE } from '@tun/shared/limits';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { useLines } from '../../../entities/lines/get-lines';
import { usePeople } from '../../../entities/people/get-people';
import { useLineAttendance } from '../api/get-line-attendance';
import { schoolYearToDate } from '@tun/shared/school-year';
import { todayInSchoolZone } from '@tun/shared/time';
import { attendanceTotals, totalsByStudent } from '../model/attendance-totals';
import { isStudent, nameMap } from '../model/people-names';
import { PeriodFields, validPeriod, type Period } from './period-fields';
import { TotalsSummary, useHours, usePercent } from './totals-summary';

/** «Per linje»: the line's students × what their records add up to in a period. */
export function LineAttendance({ initialLineId }: { initialLineId: string | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const errorMessage = useErrorMessage();
  const hours = useHours();
  const percent = usePercent();
  const lines = useLines();
  const people = usePeople({ former: true });
  const [lineId, setLineId] = useState<string | null>(initialLineId);
  const [period, setPeriod] = useState<Period>(() => schoolYearToDate(todayInSchoolZone()));
  const range = validPeriod(period);
  const records = useLineAttendance(lineId, range);

  const options = useMemo(
    () =>
      (lines.data ?? [])
        .map((line) => ({ value: line.id, label: line.name }))
        .sort((a, b) => a.label.localeCompare(b.label, localeTag(language))),
    [lines.data, language],
  );
  const names = useMemo(
    () =>
      nameMap(people.data, { student: t('attendance.formerStudent'), staff: t('attendance.formerStaff') }),
    [people.data, t],
  );
  const rows = useMemo(() => {
    if (!lineId || !records.data) return [];
    const members = (people.data ?? [])
      .filter((person) => isStudent(person) && person.memberOf.includes(lineId))
      .map((person) => person.id);
    const byStudent = totalsByStudent(records.data, members);
    return [...byStudent]
      .map(([studentId, totals]) => ({
        studentId,
        name: names.get(studentId) ?? t('attendance.unknownPerson'),
        totals,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, localeTag(language)));
  }, [lineId, records.data, people.data, names, language, t]);
  const lineTotals = useMemo(() => attendanceTotals(records.data ?? []), [records.data]);
  const lineName = options.find((option) => option.value === lineId)?.label ?? '';

  return (
    <Stack gap="md">
      <Select
        label={t('attendance.line.select')}
        placeholder={t('attendance.line.selectPlaceholder')}
        data={options}
        value={lineId}
        onChange={setLineId}
        searchable
        clearable
        nothingFoundMessage={t('attendance.nothingFound')}
        maw={420}
      />
      <PeriodFields value={period} onChange={setPeriod} />

      {lineId === null && <Text>{t('attendance.line.none')}</Text>}
      {records.isPending && lineId !== null && range && <Loader aria-label={t('app.loading')} />}
      {records.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(records.error)}
        </Alert>
      )}

      {records.data && lineId !== null && (
        <>
          <Title order={2} size="h4">
            {t('attendance.line.totals', { line: lineName })}
          </Title>
          <TotalsSummary totals={lineTotals} />
          {rows.length === 0 ? (
            <Text>{t('attendance.line.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" aria-labelledby="attendance-line-caption">
                <Table.Caption
                  id="attendance-line-caption"
                  style={{ captionSide: 'top', textAlign: 'start' }}
                >
                  {t('attendance.line.caption', { line: lineName, count: rows.length })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('attendance.columns.student')}</Table.Th>
                    <Table.Th scope="col">{t('attendanceStatus.attending')}</Table.Th>
                    <Table.Th scope="col">{t('attendanceStatus.notAttending')}</Table.Th>
                    <Table.Th scope="col">{t('attendanceStatus.justifiedLeave')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.share')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map(({ studentId, name, totals }) => {
                    const below = totals.below;
                    return (
                      <Table.Tr key={studentId}>
                        <Table.Th scope="row" fw={500}>
                          <AnchorLink to="/app/attendance" search={{ type: 'student', id: studentId }}>
                            {name}
                          </AnchorLink>
                        </Table.Th>
                        {(['attending', 'notAttending', 'justifiedLeave'] as const).map((status) => (
                          <Table.Td key={status}>
                            {t('attendance.line.cell', {
                              count: totals.events[status],
                              hours: hours(totals.minutes[status]),
                            })}
                          </Table.Td>
                        ))}
                        <Table.Td>
                          {totals.percent === null ? '–' : percent(totals.percent / 100)}
                          {below && (
                            <Badge ml="xs" color="red.9" variant="filled" tt="none">
                              {t('attendance.totals.below', { percent: percent(ATTENDANCE_REQUIRED_SHARE) })}
                            </Badge>
                          )}
                        </Table.Td>
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
