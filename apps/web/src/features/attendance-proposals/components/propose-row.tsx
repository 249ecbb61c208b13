import { Badge } from '@mantine/core';
import type { AttendanceStatus } from '@tun/shared/attendance-status';
import { memo, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { StudentStatusRow, type StudentStatusTexts } from '../../../components/student-status-row';
import { textTemplate } from '../../../lib/text-template';
import type { StatusLabels } from '../../../components/status-control';
import type { ExpectedStudent, StudentMark } from '../model/proposal-model';

/** The rows' words, looked up once by the list. */
export function useProposeRowTexts(t: TFunction): StudentStatusTexts {
  return useMemo(
    () => ({
      note: t('proposals.propose.note'),
      noteToggle: textTemplate(t, 'proposals.propose.noteToggle', 'name'),
      noteLabel: textTemplate(t, 'proposals.propose.noteLabel', 'name'),
    }),
    [t],
  );
}

interface ProposeRowProps {
  student: ExpectedStudent;
  mark: StudentMark | undefined;
  /** Absence registered in advance for this event or its day, which applies unless marked. */
  preliminary: AttendanceStatus | undefined;
  disabled: boolean;
  onMark: (studentId: string, change: StudentMark) => void;
  statusLabels: StatusLabels;
  texts: StudentStatusTexts;
  /** The sheet's translation: a hook in each row cost more than the rows (student-status-row.tsx). */
  t: TFunction;
}

/** One student on the scholar's sheet: name, absence known in advance, status and note. */
export const ProposeRow = memo(function ProposeRow({
  student,
  mark,
  preliminary,
  disabled,
  onMark,
  statusLabels,
  texts,
  t,
}: ProposeRowProps) {
  return (
    <StudentStatusRow
      studentId={student.id}
      name={student.name}
      badges={
        preliminary && (
          <Badge variant="light" color="blue" tt="none">
            {t('proposals.propose.preliminary', { status: statusLabels[preliminary] })}
          </Badge>
        )
      }
      status={mark?.status ?? null}
      note={mark?.note ?? ''}
      onChange={(change) => onMark(student.id, change)}
      disabled={disabled}
      statusLabels={statusLabels}
      texts={texts}
    />
  );
});
