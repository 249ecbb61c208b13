import { Alert, Badge, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { IconAlertCircle, IconArrowLeft, IconChecks, IconDeviceFloppy } from '@tabler/icons-react';
import { AnchorLink } from '../../../components/router-links';
import type { AttendanceStatus } from '@tun/shared/attendance';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { usePeople } from '../../../entities/people/get-people';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';
import { useAttendanceSheet } from '../api/get-attendance-sheet';
import { useEvent } from '../../../entities/attendance/get-event';
import { useSaveAttendanceSheet } from '../api/save-attendance-sheet';
import { eventRange } from '../model/event-format';
import { nameMap } from '../model/people-names';
import { SheetRow } from './sheet-row';
import {
  allPresent,
  editsAfterSave,
  pendingChanges,
  sheetInput,
  statusCounts,
  withEdit,
  type RowEdit,
  type SheetEdits,
} from '../model/sheet-model';
import { STATUS_COLORS } from '../../../components/status-control';
import { LoadError } from '../../../components/load-error';

const STATUS_ORDER: readonly AttendanceStatus[] = ['attending', 'notAttending', 'justifiedLeave'];

function BackLink() {
  const { t } = useTranslation();
  return (
    <AnchorLink to="/app/attendance" search={{}} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('attendance.sheet.back')}
      </Group>
    </AnchorLink>
  );
}

/**
 * Asks before leaving a sheet with changes not saved: a link in the app (the browser's own
 * dialog, which every screen reader knows) and closing or reloading the tab.
 */
function useConfirmLeave(pending: number) {
  const { t } = useTranslation();
  useBlocker({
    shouldBlockFn: () =>
      pending > 0 && !window.confirm(t('attendance.sheet.leaveConfirm', { count: pending })),
    enableBeforeUnload: () => pending > 0,
  });
}

/**
 * SPEC §2 /app/attendance?type=event&id=…: the sheet of one event. Rows start from the effective
 * status; a tag scan or another save refetches the sheet (live topic 'attendance') and the rows
 * the teacher has not touched follow it, while the teacher's own changes stay until saved.
 */
export function AttendanceSheetView({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const event = useEvent(eventId);
  const sheet = useAttendanceSheet(eventId);
  // The server's answer for this sheet, so the save shows exactly when it would be accepted.
  const canChange = sheet.data?.policies.change ?? false;
  const people = usePeople({ former: true });
  const calendarNames = useCalendarNames();
  const save = useSaveAttendanceSheet();
  const [edits, setEdits] = useState<SheetEdits>({});

  const names = useMemo(
    () =>
      nameMap(people.data, { student: t('attendance.formerStudent'), staff: t('attendance.formerStaff') }),
    [people.data, t],
  );
  const rows = useMemo(() => sheet.data?.rows ?? [], [sheet.data]);
  const pending = pendingChanges(rows, edits);
  const counts = statusCounts(rows, edits);
  useConfirmLeave(pending);

  const onEdit = useCallback(
    (studentId: string, change: RowEdit) => setEdits((current) => withEdit(current, studentId, change)),
    [],
  );

  // Stable, so that rows (memoised) render again only when their own data changes.
  const nameOf = useCallback(
    (id: string | null | undefined) =>
      id
        ? (names.get(id) ?? (people.data ? t('attendance.unknownPerson') : ''))
        : t('attendance.unknownPerson'),
    [names, people.data, t],
  );

  const submit = async () => {
    const sent = edits;
    try {
      const saved = await save.mutateAsync({ eventId, input: sheetInput(rows, sent) });
      setEdits((current) => editsAfterSave(current, sent));
      notify({ color: 'fjord', message: t('attendance.sheet.saved', { count: saved.rows.length }) });
    } catch {
      // Shown in the alert below the list; the edits stay so that nothing is lost.
    }
  };

  const roomName = event.data ? calendarNames.roomName(event.data.roomUsed) : null;
  // Every line has its «Linjefag»: the heading alone does not say which lesson this is.
  const attendees = event.data
    ? event.data.groupsAttending.length === 0
      ? t('attendance.today.wholeSchool')
      : calendarNames.attendees(event.data.groupsAttending, t('attendance.unknownGroup'))?.join(', ')
    : undefined;
  const registration = sheet.data?.registration;

  return (
    <Stack gap="md">
      <BackLink />
      <Stack gap={4}>
        <Title order={1}>
          {event.data?.name ?? (event.isError ? t('attendance.sheet.title') : t('app.loading'))}
        </Title>
        {event.data && (
          <Text>
            {attendees && <>{attendees} · </>}
            <time dateTime={event.data.start}>{eventRange(event.data, language)}</time>
            {roomName && <> · {t('attendance.sheet.room', { room: roomName })}</>}
          </Text>
        )}
        {sheet.data && (
          <Text size="sm" c="dimmed">
            {registration
              ? t('attendance.sheet.lastSaved', {
                  name: nameOf(registration.registeredBy),
                  when: format.dateTime(registration.date),
                })
              : t('attendance.sheet.neverSaved')}
          </Text>
        )}
      </Stack>

      {(event.isError || sheet.isError) && !sheet.data && (
        <LoadError
          title={t('attendance.sheet.loadFailed')}
          error={sheet.error ?? event.error}
          onRetry={() => {
            void event.refetch();
            void sheet.refetch();
          }}
        />
      )}

      {sheet.isPending && <Loader aria-label={t('app.loading')} />}

      {sheet.data && rows.length === 0 && (
        // Students and scholars get only their own row (SPEC §6): none means they are not on it.
        <Text>{canChange ? t('attendance.sheet.empty') : t('attendance.sheet.notOnSheet')}</Text>
      )}

      {sheet.data && rows.length > 0 && (
        <>
          {canChange && (
            <Group justify="space-between" align="center" gap="sm">
              <Group gap="xs" aria-label={t('attendance.sheet.summary')} role="group">
                {STATUS_ORDER.map((status) => (
                  <Badge
                    key={status}
                    variant="light"
                    color={STATUS_COLORS[status].split('.')[0]}
                    tt="none"
                    size="lg"
                  >
                    {t('attendance.sheet.count', {
                      status: t(`attendanceStatus.${status}`),
                      count: counts[status],
                    })}
                  </Badge>
                ))}
                {counts.notRegistered > 0 && (
                  <Badge variant="outline" color="gray" tt="none" size="lg">
                    {t('attendance.sheet.count', {
                      status: t('attendance.sheet.notRegistered'),
                      count: counts.notRegistered,
                    })}
                  </Badge>
                )}
              </Group>
              <Button
                variant="light"
                leftSection={<IconChecks size={18} aria-hidden="true" />}
                onClick={() => setEdits((current) => allPresent(rows, current))}
              >
                {t('attendance.sheet.allPresent')}
              </Button>
            </Group>
          )}

          <Title order={2} size="h4">
            {t('attendance.sheet.students', { count: rows.length })}
          </Title>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <SheetRow
                key={row.studentId}
                row={row}
                edit={edits[row.studentId]}
                name={nameOf(row.studentId)}
                canChange={canChange}
                onEdit={onEdit}
                nameOf={nameOf}
              />
            ))}
          </Stack>

          {save.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('attendance.sheet.saveFailed')}
            >
              {errorMessage(save.error)}
            </Alert>
          )}
        </>
      )}

      {canChange && sheet.data && rows.length > 0 && (
        // Stays in reach of the thumb at the bottom of the screen however long the list is.
        <Box
          pos="sticky"
          bottom={0}
          py="sm"
          style={{
            zIndex: 2,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" role="status" fw={pending > 0 ? 600 : undefined}>
              {pending > 0
                ? t('attendance.sheet.unsaved', { count: pending })
                : registration
                  ? t('attendance.sheet.allSaved')
                  : t('attendance.sheet.notSavedYet')}
            </Text>
            <Button
              size="md"
              leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
              loading={save.isPending}
              onClick={() => void submit()}
            >
              {t('attendance.sheet.save')}
            </Button>
          </Group>
        </Box>
      )}
    </Stack>
  );
}
