import { Badge, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { ATTENDANCE_NOTE_MAX } from '@tun/shared/limits';
import type { AttendanceStatus } from '@tun/shared/attendance-status';
import { useId, useState, type ReactNode } from 'react';
import { RowButton } from './row-parts';
import { StatusControl, STATUS_COLORS, type StatusLabels } from './status-control';
import classes from './student-status-row.module.css';

export interface StudentStatusChange {
  status?: AttendanceStatus;
  note?: string;
}

/**
 * The words a row shows, each naming the student where a screen reader needs it. The named ones
 * are templates (lib/text-template.ts) filled in per row, so a list looks each up once.
 */
export interface StudentStatusTexts {
  note: string;
  noteToggle: (name: string) => string;
  noteLabel: (name: string) => string;
  /** The note shown read-only. */
  noteRead?: (note: string) => string;
  /** A read-only row with no status yet. */
  notRegistered?: string;
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
  /** The statuses' names, from useStatusLabels() in the list: one lookup for all its rows. */
  statusLabels: StatusLabels;
  /** The feature's words, from the list (one lookup for all its rows). */
  texts: StudentStatusTexts;
  children?: ReactNode;
}

/**
 * One student on a sheet (the teacher's or the scholar's): name, what is known, status and note.
 * Its words come from the list, not a translation hook per row: a sheet of sixty rows spent more
 * on setting up sixty hooks than on the rows themselves.
 */
export function StudentStatusRow({
  studentId,
  name,
  badges,
  status,
  note,
  onChange,
  disabled,
  statusLabels,
  texts,
  children,
}: StudentStatusRowProps) {
  const nameId = useId();
  const noteId = useId();
  const [noteOpen, setNoteOpen] = useState(false);

  return (
    <li className={classes.row} data-student-id={studentId}>
      <div className={classes.main}>
        <div className={classes.who}>
          <p className={classes.name} id={nameId}>
            {name}
          </p>
          {badges && <div className={classes.badges}>{badges}</div>}
        </div>
        {onChange ? (
          <StatusControl
            value={status}
            labels={statusLabels}
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
            {statusLabels[status]}
          </Badge>
        )}
      </div>
      {onChange ? (
        <>
          <div className={classes.noteLine}>
            <RowButton
              icon={<IconNote size={16} aria-hidden="true" />}
              aria-expanded={noteOpen}
              aria-controls={noteOpen ? noteId : undefined}
              aria-label={texts.noteToggle(name)}
              disabled={disabled}
              onClick={() => setNoteOpen((open) => !open)}
            >
              {texts.note}
            </RowButton>
            {!noteOpen && note && <p className={classes.noteShort}>{note}</p>}
          </div>
          {noteOpen && (
            <Textarea
              id={noteId}
              label={texts.noteLabel(name)}
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
        note && <p className={classes.noteRead}>{texts.noteRead?.(note)}</p>
      )}
      {children}
    </li>
  );
}
