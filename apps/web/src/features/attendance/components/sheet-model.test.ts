import type { AttendanceRecord, AttendanceSheetRow } from '@tun/shared/attendance';
import { describe, expect, it } from 'vitest';
import {
  allPresent,
  editsAfterSave,
  isAttendanceStatus,
  pendingChanges,
  sheetInput,
  shownNote,
  shownStatus,
  statusCounts,
  withEdit,
} from './sheet-model';

function record(studentId: string, fields: Partial<AttendanceRecord> = {}): AttendanceRecord {
  return {
    id: `e1-${studentId}`,
    eventId: 'e1',
    studentId,
    eventDuration: 90,
    eventMandatory: true,
    eventStart: '2026-11-23T07:30:00.000Z',
    note: null,
    registeredBy: 't1',
    preliminaryBy: null,
    status: 'notAttending',
    nfcStatus: null,
    preliminaryStatus: null,
    manualStatus: null,
    updatedAt: '2026-11-23T07:31:00.000Z',
    ...fields,
  };
}

const untouched: AttendanceSheetRow = {
  studentId: 'a',
  record: null,
  preliminary: null,
  status: 'notAttending',
};
const scanned: AttendanceSheetRow = {
  studentId: 'b',
  record: record('b', { nfcStatus: 'attending', status: 'attending', registeredBy: 'b' }),
  preliminary: null,
  status: 'attending',
};
const excused: AttendanceSheetRow = {
  studentId: 'c',
  record: null,
  preliminary: { status: 'justifiedLeave', note: 'Tannlege', by: 't1' },
  status: 'justifiedLeave',
};
const marked: AttendanceSheetRow = {
  studentId: 'd',
  record: record('d', { manualStatus: 'notAttending', note: 'Sov over' }),
  preliminary: null,
  status: 'notAttending',
};
const rows = [untouched, scanned, excused, marked];

describe('shownStatus and shownNote', () => {
  it('show the server status and note until the teacher changes them', () => {
    expect(shownStatus(scanned, undefined)).toBe('attending');
    expect(shownStatus(scanned, { status: 'notAttending' })).toBe('notAttending');
    expect(shownNote(marked, undefined)).toBe('Sov over');
    expect(shownNote(marked, { note: '' })).toBe('');
    expect(shownNote(untouched, undefined)).toBe('');
  });
});

describe('sheetInput', () => {
  it('lists every student once', () => {
    expect(sheetInput(rows, {}).records.map((r) => r.studentId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps untouched rows as the server has them, so tag and advance registrations still count', () => {
    expect(sheetInput(rows, {}).records).toEqual([
      { studentId: 'a', manualStatus: null, note: null },
      { studentId: 'b', manualStatus: null, note: null },
      { studentId: 'c', manualStatus: null, note: null },
      { studentId: 'd', manualStatus: 'notAttending', note: 'Sov over' },
    ]);
  });

  it("makes the teacher's choice the manual status and trims notes; an empty note is none", () => {
    const edits = withEdit(withEdit({}, 'a', { status: 'attending' }), 'd', { note: '  ' });
    const input = sheetInput(rows, withEdit(edits, 'c', { note: ' Syk ' }));
    expect(input.records[0]).toEqual({ studentId: 'a', manualStatus: 'attending', note: null });
    expect(input.records[2]).toEqual({ studentId: 'c', manualStatus: null, note: 'Syk' });
    expect(input.records[3]).toEqual({ studentId: 'd', manualStatus: 'notAttending', note: null });
  });
});

describe('pendingChanges', () => {
  it('is zero without edits', () => {
    expect(pendingChanges(rows, {})).toBe(0);
  });

  it('counts rows whose status or note would change, once per row', () => {
    let edits = withEdit({}, 'a', { status: 'attending', note: 'Kom sent' });
    edits = withEdit(edits, 'd', { status: 'notAttending' });
    edits = withEdit(edits, 'b', { note: '' });
    expect(pendingChanges(rows, edits)).toBe(1);
    expect(pendingChanges(rows, withEdit(edits, 'd', { note: 'Syk' }))).toBe(2);
  });

  it('counts a status the teacher confirms over a scan: it becomes a manual registration', () => {
    expect(pendingChanges(rows, withEdit({}, 'b', { status: 'attending' }))).toBe(1);
  });
});

describe('allPresent', () => {
  it('marks every row attending and keeps notes typed', () => {
    const edits = allPresent(rows, withEdit({}, 'a', { note: 'Kom sent' }));
    expect(rows.map((row) => shownStatus(row, edits[row.studentId]))).toEqual([
      'attending',
      'attending',
      'attending',
      'attending',
    ]);
    expect(edits.a).toEqual({ status: 'attending', note: 'Kom sent' });
    expect(statusCounts(rows, edits)).toEqual({ attending: 4, notAttending: 0, justifiedLeave: 0 });
  });
});

describe('a refetch while the teacher edits', () => {
  it('shows the new server status in untouched rows and keeps the edited ones', () => {
    const edits = withEdit({}, 'a', { status: 'justifiedLeave' });
    const refetched: AttendanceSheetRow[] = rows.map((row) => ({
      ...row,
      status: 'attending',
      record: record(row.studentId, { nfcStatus: 'attending', status: 'attending' }),
    }));
    expect(refetched.map((row) => shownStatus(row, edits[row.studentId]))).toEqual([
      'justifiedLeave',
      'attending',
      'attending',
      'attending',
    ]);
  });
});

describe('statusCounts', () => {
  it('counts the statuses shown', () => {
    expect(statusCounts(rows, {})).toEqual({ attending: 1, notAttending: 2, justifiedLeave: 1 });
  });
});

describe('isAttendanceStatus', () => {
  it('accepts the three statuses only', () => {
    expect(isAttendanceStatus('attending')).toBe(true);
    expect(isAttendanceStatus('present')).toBe(false);
    expect(isAttendanceStatus(null)).toBe(false);
  });
});

describe('editsAfterSave', () => {
  it('drops what was saved and keeps edits made during the save', () => {
    const sent = withEdit(withEdit({}, 'a', { status: 'attending' }), 'b', { status: 'notAttending' });
    const during = withEdit(withEdit(sent, 'b', { note: 'Kom sent' }), 'c', { status: 'justifiedLeave' });
    expect(editsAfterSave(during, sent)).toEqual({
      b: { status: 'notAttending', note: 'Kom sent' },
      c: { status: 'justifiedLeave' },
    });
    expect(editsAfterSave(sent, sent)).toEqual({});
  });
});
