import { IconHistory, IconNfc } from '@tabler/icons-react';
import type { AttendanceSheetRow } from '@tun/shared/attendance';
import { memo, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { RowBadge, RowButton } from '../../../components/row-parts';
import { StudentStatusRow, type StudentStatusTexts } from '../../../components/student-status-row';
import { textTemplate } from '../../../lib/text-template';
import type { StatusLabels } from '../../../components/status-control';
import { shownNote, shownStatus, statusChanged, type RowEdit } from '../model/sheet-model';
import { RecordHistoryModal } from './record-history-modal';

/** A sheet row's words, looked up once by the sheet for all its rows. */
export interface SheetRowTexts extends StudentStatusTexts {
  notRegistered: string;
  scanned: string;
  rowChanged: string;
  historyOpen: string;
  historyLabel: (name: string) => string;
}

export function useSheetRowTexts(t: TFunction): SheetRowTexts {
  return useMemo(
    () => ({
      note: t('attendance.sheet.note'),
      noteToggle: textTemplate(t, 'attendance.sheet.noteToggle', 'name'),
      noteLabel: textTemplate(t, 'attendance.sheet.noteLabel', 'name'),
      noteRead: textTemplate(t, 'attendance.sheet.noteRead', 'note'),
      notRegistered: t('attendance.sheet.notRegistered'),
      scanned: t('attendance.sheet.scanned'),
      rowChanged: t('attendance.sheet.rowChanged'),
      historyOpen: t('attendance.history.open'),
      historyLabel: textTemplate(t, 'attendance.history.openLabel', 'name'),
    }),
    [t],
  );
}

interface SheetRowProps {
  /** The sheet's event: its rows' records are of it. */
  eventId: string;
  row: AttendanceSheetRow;
  edit: RowEdit | undefined;
  name: string;
  canChange: boolean;
  onEdit: (studentId: string, change: RowEdit) => void;
  /** Names of the people in the record's history. */
  nameOf: (personId: string | null) => string;
  statusLabels: StatusLabels;
  texts: SheetRowTexts;
  /** The sheet's translation, for the rarer texts: a hook in each of sixty rows cost more than the rows. */
  t: TFunction;
}

/** One student on the sheet: name, what is known already (advance notice, scan), status and note. */
export const SheetRow = memo(function SheetRow({
  eventId,
  row,
  edit,
  name,
  canChange,
  onEdit,
  nameOf,
  statusLabels,
  texts,
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
        <RowBadge variant="outline" color="gray">
          {texts.notRegistered}
        </RowBadge>
      )}
      {row.preliminary && (
        <RowBadge variant="light" color="yellow">
          {row.preliminary.note
            ? t('attendance.sheet.preliminaryWithNote', {
                status: t(`attendanceStatus.${row.preliminary.status}`),
                note: row.preliminary.note,
              })
            : t('attendance.sheet.preliminary', {
                status: t(`attendanceStatus.${row.preliminary.status}`),
              })}
        </RowBadge>
      )}
      {scanned && (
        <RowBadge variant="light" color="teal" icon={<IconNfc size={14} aria-hidden="true" />}>
          {texts.scanned}
        </RowBadge>
      )}
      {changed && (
        <RowBadge variant="outline" color="gray">
          {texts.rowChanged}
        </RowBadge>
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
      texts={texts}
    >
      {row.record && (
        <>
          <RowButton
            icon={<IconHistory size={16} aria-hidden="true" />}
            aria-label={texts.historyLabel(name)}
            onClick={() => setHistoryOpen(true)}
          >
            {texts.historyOpen}
          </RowButton>
          {/* Mounted only when opened: closed, each row's dialog and history query cost the sheet's render. */}
          {historyOpen && (
            <RecordHistoryModal
              eventId={eventId}
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
