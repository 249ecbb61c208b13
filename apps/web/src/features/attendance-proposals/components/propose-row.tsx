import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { ATTENDANCE_NOTE_MAX, type AttendanceStatus } from '@tun/shared/attendance';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpectedStudent, StudentMark } from './proposal-model';
import { StatusControl } from '../../attendance/components/status-control';

interface ProposeRowProps {
  student: ExpectedStudent;
  mark: StudentMark | undefined;
  /** Absence registered in advance for this event or its day, which applies unless marked. */
  preliminary: AttendanceStatus | undefined;
  disabled: boolean;
  onMark: (studentId: string, change: StudentMark) => void;
}

/** One student on the scholar's sheet: name, absence known in advance, status and note. */
export const ProposeRow = memo(function ProposeRow({
  student,
  mark,
  preliminary,
  disabled,
  onMark,
}: ProposeRowProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const noteId = useId();
  const note = mark?.note ?? '';
  const [noteOpen, setNoteOpen] = useState(false);

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-student-id={student.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {student.name}
            </Text>
            {preliminary && (
              <Group gap={6}>
                <Badge variant="light" color="blue" tt="none">
                  {t('proposals.propose.preliminary', { status: t(`attendanceStatus.${preliminary}`) })}
                </Badge>
              </Group>
            )}
          </Stack>
          <StatusControl
            value={mark?.status ?? null}
            onChange={(status) => onMark(student.id, { status })}
            labelledBy={nameId}
            disabled={disabled}
          />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconNote size={16} aria-hidden="true" />}
            aria-expanded={noteOpen}
            aria-controls={noteOpen ? noteId : undefined}
            aria-label={t('proposals.propose.noteToggle', { name: student.name })}
            disabled={disabled}
            onClick={() => setNoteOpen((open) => !open)}
          >
            {t('proposals.propose.note')}
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
            label={t('proposals.propose.noteLabel', { name: student.name })}
            value={note}
            maxLength={ATTENDANCE_NOTE_MAX}
            autosize
            minRows={1}
            maxRows={4}
            disabled={disabled}
            onChange={(event) => onMark(student.id, { note: event.currentTarget.value })}
          />
        )}
      </Stack>
    </Paper>
  );
});
