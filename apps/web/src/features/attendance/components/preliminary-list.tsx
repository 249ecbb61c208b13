import { Alert, Badge, Button, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import type { PreliminaryList as PreliminaryListData } from '@tun/shared/attendance';
import type { AttendanceStatus } from '@tun/shared/attendance-status';
import { addDays, todayInSchoolZone } from '@tun/shared/time';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag, useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { usePeople } from '../../../entities/people/get-people';
import { useDeletePreliminary, type PreliminaryKey } from '../api/delete-preliminary';
import { useEvent } from '../../../entities/attendance/get-event';
import { usePreliminary } from '../../../entities/attendance/get-preliminary';
import { eventStart } from '../model/event-format';
import { nameMap, studentOptions } from '../model/people-names';
import { PeriodFields, validPeriod, type Period } from './period-fields';
import { STATUS_COLORS } from '../../../components/status-control';

type EventEntry = PreliminaryListData['events'][number];
type DayEntry = PreliminaryListData['days'][number];

/** The event's name when the calendar still has it, else when it was. */
function EventCell({ entry }: { entry: EventEntry }) {
  const { i18n } = useTranslation();
  const event = useEvent(entry.eventId);
  const when = eventStart(entry.eventStart, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {event.data?.name ?? when}
      </Text>
      {event.data && (
        <Text size="xs" c="dimmed">
          <time dateTime={entry.eventStart}>{when}</time>
        </Text>
      )}
    </Stack>
  );
}

function StatusBadge({ status }: { status: EventEntry['preliminaryStatus'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={STATUS_COLORS[status]} autoContrast tt="none">
      {t(`attendanceStatus.${status}`)}
    </Badge>
  );
}

/** SPEC §6 'Pre-registered absence': staff change it, scholars see it. */
export function PreliminaryList({
  canChange,
  headingOrder = 2,
}: {
  canChange: boolean;
  /** The level of this view's headings: 2 in a tab, 3 under a section heading. */
  headingOrder?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const people = usePeople({ former: true });
  const [studentId, setStudentId] = useState<string | null>(null);
  const [period, setPeriod] = useState<Period>(() => {
    const today = todayInSchoolZone();
    return { from: today, to: addDays(today, 30) };
  });
  const range = validPeriod(period);
  const list = usePreliminary(range ? { ...range, ...(studentId ? { studentId } : {}) } : null);
  const remove = useDeletePreliminary();
  const [removing, setRemoving] = useState<string | null>(null);
  const names = useMemo(
    () =>
      nameMap(people.data, { student: t('attendance.formerStudent'), staff: t('attendance.formerStaff') }),
    [people.data, t],
  );
  const options = useMemo(
    () => studentOptions(people.data ?? [], localeTag(language)),
    [people.data, language],
  );
  const nameOf = (id: string | null) =>
    id ? (names.get(id) ?? (people.data ? t('attendance.unknownPerson') : '')) : '';

  const onRemove = async (key: PreliminaryKey, id: string, label: string) => {
    setRemoving(id);
    try {
      await remove.mutateAsync(key);
      notify({ color: 'fjord', message: t('attendance.preliminary.removed', { what: label }) });
    } catch (error) {
      notify({ color: 'red', title: t('attendance.preliminary.removeFailed'), message: errorMessage(error) });
    } finally {
      setRemoving(null);
    }
  };

  const dayLabel = (entry: DayEntry) => format.date(`${entry.date}T12:00:00Z`, { dateStyle: 'full' });

  return (
    <Stack gap="md">
      <Select
        label={t('attendance.preliminary.filterStudent')}
        placeholder={t('attendance.preliminary.allStudents')}
        data={options}
        value={studentId}
        onChange={setStudentId}
        searchable
        clearable
        nothingFoundMessage={t('attendance.nothingFound')}
        maw={420}
      />
      <PeriodFields value={period} onChange={setPeriod} />
      {list.isPending && range && <Loader aria-label={t('app.loading')} />}
      {list.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <>
          <Title order={headingOrder} size="h4">
            {t('attendance.preliminary.daysTitle', { count: list.data.days.length })}
          </Title>
          {list.data.days.length === 0 ? (
            <Text>{t('attendance.preliminary.noDays')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('attendance.columns.day')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.student')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.note')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.by')}</Table.Th>
                    {canChange && <Table.Th scope="col">{t('attendance.columns.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.days.map((entry) => {
                    const id = `day:${entry.date}:${entry.studentId}`;
                    const student = nameOf(entry.studentId);
                    const label = t('attendance.preliminary.dayLabel', {
                      name: student,
                      day: dayLabel(entry),
                    });
                    return (
                      <PreliminaryRow
                        key={id}
                        when={<time dateTime={entry.date}>{dayLabel(entry)}</time>}
                        student={student}
                        entry={entry}
                        by={nameOf(entry.preliminaryBy)}
                        remove={
                          canChange
                            ? {
                                label,
                                loading: removing === id,
                                onClick: () =>
                                  void onRemove(
                                    { kind: 'day', date: entry.date, studentId: entry.studentId },
                                    id,
                                    label,
                                  ),
                              }
                            : undefined
                        }
                      />
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          <Title order={headingOrder} size="h4">
            {t('attendance.preliminary.eventsTitle', { count: list.data.events.length })}
          </Title>
          {list.data.events.length === 0 ? (
            <Text>{t('attendance.preliminary.noEvents')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('attendance.columns.event')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.student')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.note')}</Table.Th>
                    <Table.Th scope="col">{t('attendance.columns.by')}</Table.Th>
                    {canChange && <Table.Th scope="col">{t('attendance.columns.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.events.map((entry) => {
                    const id = `event:${entry.eventId}:${entry.studentId}`;
                    const student = nameOf(entry.studentId);
                    const label = t('attendance.preliminary.eventLabel', {
                      name: student,
                      when: eventStart(entry.eventStart, language),
                    });
                    return (
                      <PreliminaryRow
                        key={id}
                        when={<EventCell entry={entry} />}
                        student={student}
                        entry={entry}
                        by={nameOf(entry.preliminaryBy)}
                        remove={
                          canChange
                            ? {
                                label,
                                loading: removing === id,
                                onClick: () =>
                                  void onRemove(
                                    { kind: 'event', eventId: entry.eventId, studentId: entry.studentId },
                                    id,
                                    label,
                                  ),
                              }
                            : undefined
                        }
                      />
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

/** One absence registered in advance: when, who, what, by whom, and removing it for those who may. */
function PreliminaryRow({
  when,
  student,
  entry,
  by,
  remove,
}: {
  when: ReactNode;
  student: string;
  entry: { preliminaryStatus: AttendanceStatus; note: string | null };
  by: string;
  remove?: { label: string; loading: boolean; onClick: () => void };
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>{when}</Table.Td>
      <Table.Td>{student}</Table.Td>
      <Table.Td>
        <StatusBadge status={entry.preliminaryStatus} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.note ?? ''}</Table.Td>
      <Table.Td>{by}</Table.Td>
      {remove && (
        <Table.Td>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            aria-label={t('attendance.preliminary.removeLabel', { what: remove.label })}
            loading={remove.loading}
            onClick={remove.onClick}
          >
            {t('attendance.preliminary.remove')}
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
