import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { ATTENDANCE_NOTE_MAX, type AttendanceStatus } from '@tun/shared/attendance';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusControl, STATUS_COLORS } from './status-control';

export interface StudentStatusChange {
  status?: AttendanceStatus;
  note?: string;
}

interface StudentStatusRowProps {
  studentId: string;
  name: string;
  /** What is known already (advance notice, a scan, an unsaved change); null when nothing is. */
  badges: ReactNode;
  status: AttendanceStatus | null;
  note: string;
  /** Without it the row is read-only: the status as a badge and the note as text. */
  onChange?: (change: StudentStatusChange) => void;
  disabled?: boolean;
  /** The feature's words for the note, each naming the student where a screen reader needs it. */
  texts: {
    note: string;
    noteToggle: string;
    noteLabel: string;
    /** The note shown read-only. */
    noteRead?: string;
    /** A read-only row with no status yet. */
    notRegistered?: string;
  };
  children?: ReactNode;
}

/** One student on a sheet (the teacher's or the scholar's): name, what is known, status and note. */
export function StudentStatusRow({
  studentId,
  name,
  badges,
  status,
  note,
  onChange,
  disabled,
  texts,
  children,
}: StudentStatusRowProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const noteId = useId();
  const [noteOpen, setNoteOpen] = useState(false);

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-student-id={studentId}>
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {badges && <Group gap={6}>{badges}</Group>}
          </Stack>
          {onChange ? (
            <StatusControl
              value={status}
              labelledBy={nameId}
              onChange={(next) => onChange({ status: next })}
              disabled={disabled}
            />
          ) : status === null ? (
            <Badge size="lg" variant="outline" color="gray" tt="none">
              {texts.notRegistered}
            </Badge>
          ) : (
            <Badge size="lg" variant="filled" color={STATUS_COLORS[status]} autoContrast tt="none">
              {t(`attendanceStatus.${status}`)}
            </Badge>
          )}
        </Group>
        {onChange ? (
          <>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconNote size={16} aria-hidden="true" />}
                aria-expanded={noteOpen}
                aria-controls={noteOpen ? noteId : undefined}
                aria-label={texts.noteToggle}
                disabled={disabled}
                onClick={() => setNoteOpen((open) => !open)}
              >
                {texts.note}
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
                label={texts.noteLabel}
                value={note}
                maxLength={ATTENDANCE_NOTE_MAX}
                autosize
                minRows={1}
                maxRows={4}
                disabled={disabled}
                onChange={(event) => onChange({ note: event.currentTarget.value })}
              />
            )}
          </>
        ) : (
          note && <Text size="sm">{texts.noteRead}</Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
