import { Alert, Badge, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconChecks,
  IconCloudUpload,
  IconDeviceFloppy,
} from '@tabler/icons-react';
import { AnchorLink } from '../../../components/router-links';
import type { AttendanceSheet } from '@tun/shared/attendance';
import type { AttendanceStatus } from '@tun/shared/attendance-status';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { useOnlineStatus } from '../../../lib/online-status';
import { useSession } from '../../../entities/session/get-session';
import { attendanceSheetQueryOptions, useAttendanceSheet } from '../api/get-attendance-sheet';
import { useEvent } from '../../../entities/attendance/get-event';
import {
  useDiscardSheetSave,
  useSaveAttendanceSheet,
  useSheetSaves,
  useSheetShown,
} from '../api/save-attendance-sheet';
import { eventRange } from '../model/event-format';
import { sheetNameMap } from '../model/people-names';
import { SheetRow, useSheetRowTexts } from './sheet-row';
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
import { mergeEdits, replaceable, sheetSaveState, type SheetSaveState } from '../model/sheet-saves';
import { STATUS_COLORS, useStatusLabels } from '../../../components/status-control';
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
 * dialog, which every screen reader knows) and closing or reloading the tab. A save waiting for
 * the network needs no question: it is kept on the device and goes with the teacher to other
 * pages and through a reload.
 */
function useConfirmLeave(pending: number) {
  const { t } = useTranslation();
  useBlocker({
    shouldBlockFn: () =>
      pending > 0 && !window.confirm(t('attendance.sheet.leaveConfirm', { count: pending })),
    enableBeforeUnload: () => pending > 0,
  });
}

const NO_EDITS: SheetEdits = {};

/** The line beside the save button: where the latest save stands, and what is not saved yet. */
function useSaveStatus(state: SheetSaveState, pending: number, saved: boolean): string {
  const { t } = useTranslation();
  const unsaved = pending > 0 ? t('attendance.sheet.unsaved', { count: pending }) : null;
  const save = {
    none: null,
    queued: t('attendance.sheet.queued'),
    waiting: t('attendance.sheet.waiting'),
    sending: t('attendance.sheet.sending'),
    conflict: t('attendance.sheet.conflictStatus'),
    failed: t('attendance.sheet.notSaved'),
  }[state.kind];
  if (save) return unsaved ? `${save} · ${unsaved}` : save;
  return unsaved ?? (saved ? t('attendance.sheet.allSaved') : t('attendance.sheet.notSavedYet'));
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
  const session = useSession();
  const statusLabels = useStatusLabels();
  const rowTexts = useSheetRowTexts(t);
  const save = useSaveAttendanceSheet();
  const discardSave = useDiscardSheetSave();
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  useSheetShown(eventId);
  // What the teacher has changed and not handed to a save yet. What a save holds until it is
  // through comes from the save itself, so that it is still shown after a visit to another page.
  const [edits, setEdits] = useState<SheetEdits>({});
  const saveState = sheetSaveState(useSheetSaves(eventId), online);
  const queued = saveState.kind === 'none' ? NO_EDITS : saveState.save.edits;
  const shownEdits = useMemo(() => mergeEdits(queued, edits), [queued, edits]);

  // The sheet carries the names it shows: no list of the whole school is fetched beside it. A
  // refetch keeps the names' object while they are unchanged, and with it `nameOf` and the rows.
  const sheetPeople = sheet.data?.names.people;
  const names = useMemo(
    () =>
      sheetNameMap(sheetPeople, {
        student: t('attendance.formerStudent'),
        staff: t('attendance.formerStaff'),
      }),
    [sheetPeople, t],
  );
  const rows = useMemo(() => sheet.data?.rows ?? [], [sheet.data]);
  const pending = pendingChanges(rows, edits, queued);
  const counts = statusCounts(rows, shownEdits);
  useConfirmLeave(pending);
  const saveStatus = useSaveStatus(saveState, pending, Boolean(sheet.data?.registration));
  // One under way (or between two attempts) will be sent whatever happens: the next waits for it.
  const saveBusy = saveState.kind !== 'none' && !replaceable(saveState);

  const onEdit = useCallback(
    (studentId: string, change: RowEdit) => setEdits((current) => withEdit(current, studentId, change)),
    [],
  );

  // Stable, so that rows (memoised) render again only when their own data changes.
  const nameOf = useCallback(
    (id: string | null | undefined) => (id ? names.get(id) : undefined) ?? t('attendance.unknownPerson'),
    [names, t],
  );

  /**
   * Hands everything changed to a save, based on the sheet shown (its registration date, so that
   * a save sent later cannot overwrite one made since). Offline it waits in the queue; a save of
   * this sheet that has not started, or has failed, is replaced, since this one holds it all.
   */
  const submit = (base: AttendanceSheet) => {
    const sent = edits;
    const all = mergeEdits(queued, sent);
    if (replaceable(saveState)) discardSave(saveState.save.id);
    save.mutate({
      eventId,
      personId: session.user.id,
      eventName: event.data
        ? t('attendance.sheet.eventName', { name: event.data.name, when: eventRange(event.data, language) })
        : t('attendance.sheet.thisEvent'),
      edits: all,
      input: { ...sheetInput(base.rows, all), basedOn: base.registration?.date ?? null },
    });
    setEdits((current) => editsAfterSave(current, sent));
  };

  /** After a conflict: the sheet as it is now, without the teacher's changes. */
  const showCurrent = () => {
    if (saveState.kind !== 'none') discardSave(saveState.save.id);
    setEdits({});
    void sheet.refetch();
  };

  /** After a conflict: the teacher's changes over the sheet as it is now, saved knowingly. */
  const saveAnyway = async () => {
    let current = sheet.data;
    try {
      current = await queryClient.fetchQuery({ ...attendanceSheetQueryOptions(eventId), staleTime: 0 });
    } catch {
      // Offline again: the sheet as last fetched, which the conflict has already brought up to date.
    }
    if (current) submit(current);
  };

  const roomName = sheet.data?.names.room;
  // Every line has its «Linjefag»: the heading alone does not say which lesson this is.
  const attendeeNames = sheet.data?.names.attendees;
  const attendees = attendeeNames
    ? attendeeNames.length === 0
      ? t('attendance.today.wholeSchool')
      : attendeeNames.map((name) => name ?? t('attendance.unknownGroup')).join(', ')
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

          {saveState.kind === 'conflict' && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle aria-hidden="true" />}
              title={t('attendance.sheet.conflictTitle')}
            >
              <Stack gap="sm">
                <Text size="sm">{t('errors.sheet-changed')}</Text>
                <Group gap="sm">
                  <Button variant="default" onClick={showCurrent}>
                    {t('attendance.sheet.showCurrent')}
                  </Button>
                  <Button onClick={() => void saveAnyway()}>{t('attendance.sheet.saveAnyway')}</Button>
                </Group>
              </Stack>
            </Alert>
          )}

          <Title order={2} size="h4">
            {t('attendance.sheet.students', { count: rows.length })}
          </Title>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <SheetRow
                key={row.studentId}
                eventId={sheet.data.eventId}
                row={row}
                edit={shownEdits[row.studentId]}
                name={nameOf(row.studentId)}
                canChange={canChange}
                onEdit={onEdit}
                nameOf={nameOf}
                statusLabels={statusLabels}
                texts={rowTexts}
                t={t}
              />
            ))}
          </Stack>

          {saveState.kind === 'failed' && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('attendance.sheet.saveFailed')}
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{errorMessage(saveState.save.error)}</Text>
                <Button variant="default" size="compact-sm" onClick={showCurrent}>
                  {t('attendance.sheet.showCurrent')}
                </Button>
              </Stack>
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
            <Group gap={6} wrap="nowrap">
              {saveState.kind === 'queued' && (
                <IconCloudUpload size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
              )}
              <Text size="sm" role="status" fw={pending > 0 || saveState.kind !== 'none' ? 600 : undefined}>
                {saveStatus}
              </Text>
            </Group>
            <Button
              size="md"
              leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
              loading={saveBusy}
              onClick={() => sheet.data && submit(sheet.data)}
            >
              {t('attendance.sheet.save')}
            </Button>
          </Group>
        </Box>
      )}
    </Stack>
  );
}
