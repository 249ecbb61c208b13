import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconHistory, IconNote, IconNfc } from '@tabler/icons-react';
import { ATTENDANCE_NOTE_MAX, type AttendanceSheetRow, type AttendanceStatus } from '@tun/shared/attendance';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistoryModal } from './record-history-modal';
import { StatusControl, STATUS_COLORS } from './status-control';
import { shownNote, shownStatus, statusChanged, type RowEdit } from './sheet-model';

interface SheetRowProps {
  row: AttendanceSheetRow;
  edit: RowEdit | undefined;
  name: string;
  canChange: boolean;
  onEdit: (studentId: string, change: RowEdit) => void;
  /** Names of the people in the record's history. */
  nameOf: (personId: string | null) => string;
}

/** One student on the sheet: name, what is known already (advance notice, scan), status and note. */
export const SheetRow = memo(function SheetRow({
  row,
  edit,
  name,
  canChange,
  onEdit,
  nameOf,
}: SheetRowProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const noteId = useId();
  const status = shownStatus(row, edit);
  const note = shownNote(row, edit);
  const [noteOpen, setNoteOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const scanned = row.record?.nfcStatus === 'attending';
  const changed = statusChanged(row, edit);
  const notRegistered = status === null;

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-student-id={row.studentId}>
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {(row.preliminary || scanned || changed || (notRegistered && canChange)) && (
              <Group gap={6}>
                {notRegistered && canChange && (
                  <Badge variant="outline" color="gray" tt="none">
                    {t('attendance.sheet.notRegistered')}
                  </Badge>
                )}
                {row.preliminary && (
                  <Badge
                    variant="light"
                    color="yellow"
                    tt="none"
                    style={{ whiteSpace: 'normal', height: 'auto' }}
                  >
                    {row.preliminary.note
                      ? t('attendance.sheet.preliminaryWithNote', {
                          status: t(`attendanceStatus.${row.preliminary.status}`),
                          note: row.preliminary.note,
                        })
                      : t('attendance.sheet.preliminary', {
                          status: t(`attendanceStatus.${row.preliminary.status}`),
                        })}
                  </Badge>
                )}
                {scanned && (
                  <Badge
                    variant="light"
                    color="teal"
                    tt="none"
                    leftSection={<IconNfc size={14} aria-hidden="true" />}
                  >
                    {t('attendance.sheet.scanned')}
                  </Badge>
                )}
                {changed && (
                  <Badge variant="outline" color="gray" tt="none">
                    {t('attendance.sheet.rowChanged')}
                  </Badge>
                )}
              </Group>
            )}
          </Stack>
          {canChange ? (
            <StatusControl
              value={status}
              labelledBy={nameId}
              onChange={(next: AttendanceStatus) => onEdit(row.studentId, { status: next })}
            />
          ) : status === null ? (
            <Badge size="lg" variant="outline" color="gray" tt="none">
              {t('attendance.sheet.notRegistered')}
            </Badge>
          ) : (
            <Badge size="lg" variant="filled" color={STATUS_COLORS[status]} autoContrast tt="none">
              {t(`attendanceStatus.${status}`)}
            </Badge>
          )}
        </Group>
        {canChange ? (
          <>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconNote size={16} aria-hidden="true" />}
                aria-expanded={noteOpen}
                aria-controls={noteOpen ? noteId : undefined}
                aria-label={t('attendance.sheet.noteToggle', { name })}
                onClick={() => setNoteOpen((open) => !open)}
              >
                {t('attendance.sheet.note')}
              </Button>
              {!noteOpen && note && (
                <Text size="sm" c="dimmed" truncate style={{ minWidth: 0 }}>
                  {note}
                </Text>
              )}
            </Group>
            {noteOpen && (
              <Textarea
                id={noteId}
                label={t('attendance.sheet.noteLabel', { name })}
                value={note}
                maxLength={ATTENDANCE_NOTE_MAX}
                autosize
                minRows={1}
                maxRows={4}
                onChange={(event) => onEdit(row.studentId, { note: event.currentTarget.value })}
              />
            )}
          </>
        ) : (
          note && <Text size="sm">{t('attendance.sheet.noteRead', { note })}</Text>
        )}
        {row.record && (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconHistory size={16} aria-hidden="true" />}
              aria-label={t('attendance.history.openLabel', { name })}
              onClick={() => setHistoryOpen(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('attendance.history.open')}
            </Button>
            <RecordHistoryModal
              eventId={row.record.eventId}
              studentId={row.studentId}
              name={name}
              nameOf={nameOf}
              opened={historyOpen}
              onClose={() => setHistoryOpen(false)}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
});
