/**
 * The attendance sheet as the teacher edits it: the server's rows plus the teacher's unsaved
 * edits per student. Edits are kept apart from the rows so that a refetch (a student scanning
 * in, another teacher saving) updates every row the teacher has not touched and keeps the rest.
 * A row nobody has given a status yet shows as not registered, apart from an explicit «Ikke til
 * stede», so that every status the teacher taps is a choice and is stored as the manual status.
 */
import type { AttendanceSheetInput, AttendanceSheetRow } from '@tun/shared/attendance';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@tun/shared/attendance-status';

/** What the teacher changed in one row; a field not set is taken from the server. */
export interface RowEdit {
  status?: AttendanceStatus;
  note?: string;
}

export type SheetEdits = Readonly<Record<string, RowEdit>>;

/**
 * Whether anything has given the row a status: the teacher (manual), absence registered in
 * advance, or a scan. Without one the record, if any, counts as not attending only by default.
 */
export function isRegistered(row: AttendanceSheetRow): boolean {
  const record = row.record;
  return (
    row.preliminary !== null ||
    (record !== null &&
      (record.manualStatus !== null || record.preliminaryStatus !== null || record.nfcStatus !== null))
  );
}

/**
 * The status a row shows: the teacher's choice, else the effective status from the server; null
 * («Ikke registrert») while nothing has given it one.
 */
export function shownStatus(row: AttendanceSheetRow, edit: RowEdit | undefined): AttendanceStatus | null {
  return edit?.status ?? (isRegistered(row) ? row.status : null);
}

/** The status the teacher has set and not saved yet, if it differs from the stored manual one. */
export function statusChanged(row: AttendanceSheetRow, edit: RowEdit | undefined): boolean {
  return edit?.status !== undefined && edit.status !== (row.record?.manualStatus ?? null);
}

export function shownNote(row: AttendanceSheetRow, edit: RowEdit | undefined): string {
  return edit?.note ?? row.record?.note ?? '';
}

/** An empty note is no note. */
function normalizedNote(note: string): string | null {
  const trimmed = note.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The PUT body: every listed student (the server removes those not listed). Only a status the
 * teacher chose becomes the manual status; an untouched row keeps the manual status it had, so a
 * tag scan or absence registered in advance still counts for it (SPEC §4: manual wins).
 */
export function sheetInput(rows: readonly AttendanceSheetRow[], edits: SheetEdits): AttendanceSheetInput {
  return {
    records: rows.map((row) => {
      const edit = edits[row.studentId];
      return {
        studentId: row.studentId,
        manualStatus: edit?.status ?? row.record?.manualStatus ?? null,
        note: edit?.note !== undefined ? normalizedNote(edit.note) : (row.record?.note ?? null),
      };
    }),
  };
}

/**
 * How many rows saving would change: a status or note the server does not have yet, nor a save
 * waiting to be sent (`queued`, the edits of that save).
 */
export function pendingChanges(
  rows: readonly AttendanceSheetRow[],
  edits: SheetEdits,
  queued: SheetEdits = {},
): number {
  let count = 0;
  for (const row of rows) {
    const edit = edits[row.studentId];
    if (!edit) continue;
    const before = queued[row.studentId];
    const status = before?.status ?? row.record?.manualStatus ?? null;
    const note = before?.note !== undefined ? normalizedNote(before.note) : (row.record?.note ?? null);
    const noteChanged = edit.note !== undefined && normalizedNote(edit.note) !== note;
    if ((edit.status !== undefined && edit.status !== status) || noteChanged) count += 1;
  }
  return count;
}

/**
 * «Alle til stede»: attending for every row no person has given a status yet (not registered, or
 * only scanned in), notes kept. A status the teacher tapped or saved, and absence registered in
 * advance, stay: the button is pressed after marking the absent ones as often as before.
 */
export function allPresent(rows: readonly AttendanceSheetRow[], edits: SheetEdits): SheetEdits {
  const next: Record<string, RowEdit> = { ...edits };
  for (const row of rows) {
    const edit = edits[row.studentId];
    const decided =
      edit?.status !== undefined ||
      row.preliminary !== null ||
      (row.record !== null && (row.record.manualStatus !== null || row.record.preliminaryStatus !== null));
    if (!decided) next[row.studentId] = { ...edit, status: 'attending' };
  }
  return next;
}

export function withEdit(edits: SheetEdits, studentId: string, change: RowEdit): SheetEdits {
  return { ...edits, [studentId]: { ...edits[studentId], ...change } };
}

/** How many rows show each status, and how many are not registered, for the summary above the sheet. */
export function statusCounts(
  rows: readonly AttendanceSheetRow[],
  edits: SheetEdits,
): Record<AttendanceStatus | 'notRegistered', number> {
  const counts = Object.fromEntries(
    [...ATTENDANCE_STATUSES, 'notRegistered'].map((status) => [status, 0]),
  ) as Record<AttendanceStatus | 'notRegistered', number>;
  for (const row of rows) counts[shownStatus(row, edits[row.studentId]) ?? 'notRegistered'] += 1;
  return counts;
}

/**
 * After a save: drop the edits that were sent, keep any made while the request was under way
 * (an edit object is replaced on every change, so identity tells them apart).
 */
export function editsAfterSave(current: SheetEdits, sent: SheetEdits): SheetEdits {
  const next: Record<string, RowEdit> = {};
  for (const [studentId, edit] of Object.entries(current)) {
    if (sent[studentId] !== edit) next[studentId] = edit;
  }
  return next;
}
