import { Badge, Button } from '@mantine/core';
import { IconHistory, IconNfc } from '@tabler/icons-react';
import type { AttendanceSheetRow } from '@tun/shared/attendance';
import { memo, useState } from 'react';
import type { TFunction } from 'i18next';
import { StudentStatusRow } from '../../../components/student-status-row';
import type { StatusLabels } from '../../../components/status-control';
import { shownNote, shownStatus, statusChanged, type RowEdit } from '../model/sheet-model';
import { RecordHistoryModal } from './record-history-modal';

interface SheetRowProps {
  row: AttendanceSheetRow;
  edit: RowEdit | undefined;
  name: string;
  canChange: boolean;
  onEdit: (studentId: string, change: RowEdit) => void;
  /** Names of the people in the record's history. */
  nameOf: (personId: string | null) => string;
  statusLabels: StatusLabels;
  /** The sheet's translation: a hook in each of sixty rows cost more than the rows (student-status-row.tsx). */
  t: TFunction;
}

/** One student on the sheet: name, what is known already (advance notice, scan), status and note. */
export const SheetRow = memo(function SheetRow({
  row,
  edit,
  name,
  canChange,
  onEdit,
  nameOf,
  statusLabels,
  t,
}: SheetRowProps) {
  const status = shownStatus(row, edit);
  const note = shownNote(row, edit);
  const [historyOpen, setHistoryOpen] = useState(false);
  const scanned = row.record?.nfcStatus === 'attending';
  const changed = statusChanged(row, edit);
  const notRegistered = status === null;

  const badges = (row.preliminary || scanned || changed || (notRegistered && canChange)) && (
    <>
      {notRegistered && canChange && (
        <Badge variant="outline" color="gray" tt="none">
          {t('attendance.sheet.notRegistered')}
        </Badge>
      )}
      {row.preliminary && (
        <Badge variant="light" color="yellow" tt="none" style={{ whiteSpace: 'normal', height: 'auto' }}>
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
        <Badge variant="light" color="teal" tt="none" leftSection={<IconNfc size={14} aria-hidden="true" />}>
          {t('attendance.sheet.scanned')}
        </Badge>
      )}
      {changed && (
        <Badge variant="outline" color="gray" tt="none">
          {t('attendance.sheet.rowChanged')}
        </Badge>
      )}
    </>
  );

  return (
    <StudentStatusRow
      studentId={row.studentId}
      name={name}
      badges={badges}
      status={status}
      note={note}
      onChange={canChange ? (change) => onEdit(row.studentId, change) : undefined}
      statusLabels={statusLabels}
      texts={{
        note: t('attendance.sheet.note'),
        noteToggle: t('attendance.sheet.noteToggle', { name }),
        noteLabel: t('attendance.sheet.noteLabel', { name }),
        noteRead: t('attendance.sheet.noteRead', { note }),
        notRegistered: t('attendance.sheet.notRegistered'),
      }}
    >
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
          {/* Mounted only when opened: closed, each row's dialog and history query cost the sheet's render. */}
          {historyOpen && (
            <RecordHistoryModal
              eventId={row.record.eventId}
              studentId={row.studentId}
              name={name}
              nameOf={nameOf}
              opened
              onClose={() => setHistoryOpen(false)}
            />
          )}
        </>
      )}
    </StudentStatusRow>
  );
});
