/**
 * The attendance sheet as the teacher edits it: the server's rows plus the teacher's unsaved
 * edits per student. Edits are kept apart from the rows so that a refetch (a student scanning
 * in, another teacher saving) updates every row the teacher has not touched and keeps the rest.
 */
import {
  ATTENDANCE_STATUSES,
  type AttendanceSheetInput,
  type AttendanceSheetRow,
  type AttendanceStatus,
} from '@tun/shared/attendance';

/** What the teacher changed in one row; a field not set is taken from the server. */
export interface RowEdit {
  status?: AttendanceStatus;
  note?: string;
}

export type SheetEdits = Readonly<Record<string, RowEdit>>;

/** The status a row shows: the teacher's choice, else the effective status from the server. */
export function shownStatus(row: AttendanceSheetRow, edit: RowEdit | undefined): AttendanceStatus {
  return edit?.status ?? row.status;
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

/** How many rows saving would change: a status or note the server does not have yet. */
export function pendingChanges(rows: readonly AttendanceSheetRow[], edits: SheetEdits): number {
  let count = 0;
  for (const row of rows) {
    const edit = edits[row.studentId];
    if (!edit) continue;
    const statusChanged = edit.status !== undefined && edit.status !== (row.record?.manualStatus ?? null);
    const noteChanged = edit.note !== undefined && normalizedNote(edit.note) !== (row.record?.note ?? null);
    if (statusChanged || noteChanged) count += 1;
  }
  return count;
}

/** «Alle til stede»: every row attending, notes kept. */
export function allPresent(rows: readonly AttendanceSheetRow[], edits: SheetEdits): SheetEdits {
  const next: Record<string, RowEdit> = { ...edits };
  for (const row of rows) next[row.studentId] = { ...edits[row.studentId], status: 'attending' };
  return next;
}

export function withEdit(edits: SheetEdits, studentId: string, change: RowEdit): SheetEdits {
  return { ...edits, [studentId]: { ...edits[studentId], ...change } };
}

/** How many rows show each status, for the summary above the sheet. */
export function statusCounts(
  rows: readonly AttendanceSheetRow[],
  edits: SheetEdits,
): Record<AttendanceStatus, number> {
  const counts = Object.fromEntries(ATTENDANCE_STATUSES.map((status) => [status, 0])) as Record<
    AttendanceStatus,
    number
  >;
  for (const row of rows) counts[shownStatus(row, edits[row.studentId])] += 1;
  return counts;
}

export function isAttendanceStatus(value: unknown): value is AttendanceStatus {
  return typeof value === 'string' && (ATTENDANCE_STATUSES as readonly string[]).includes(value);
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
