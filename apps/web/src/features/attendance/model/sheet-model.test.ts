import type { AttendanceSheetRow } from '@tun/shared/attendance';
import { describe, expect, it } from 'vitest';
import { record } from './sheet-test-records';
import {
  allPresent,
  editsAfterSave,
  isRegistered,
  pendingChanges,
  sheetInput,
  shownNote,
  shownStatus,
  statusChanged,
  statusCounts,
  withEdit,
} from './sheet-model';

const untouched: AttendanceSheetRow = {
  studentId: 'a',
  record: null,
  preliminary: null,
  status: 'notAttending',
};
const scanned: AttendanceSheetRow = {
  studentId: 'b',
  record: record({ nfcStatus: 'attending', registeredBy: 'b' }),
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
  record: record({ manualStatus: 'notAttending', note: 'Sov over' }),
  preliminary: null,
  status: 'notAttending',
};
const rows = [untouched, scanned, excused, marked];
/** Saved once without a status: counts as not attending by default, but nobody registered one. */
const savedBlank: AttendanceSheetRow = {
  studentId: 'e',
  record: record(),
  preliminary: null,
  status: 'notAttending',
};

describe('a row nobody has registered', () => {
  it('shows no status, apart from an explicit «Ikke til stede»', () => {
    expect(isRegistered(untouched)).toBe(false);
    expect(isRegistered(savedBlank)).toBe(false);
    expect(shownStatus(untouched, undefined)).toBeNull();
    expect(shownStatus(savedBlank, undefined)).toBeNull();
    expect(shownStatus(marked, undefined)).toBe('notAttending');
    expect(shownStatus(excused, undefined)).toBe('justifiedLeave');
    expect([scanned, excused, marked].every(isRegistered)).toBe(true);
  });

  it('stores the «Ikke til stede» the teacher taps as the manual status, so a later scan cannot override it', () => {
    for (const row of [untouched, savedBlank]) {
      const edits = withEdit({}, row.studentId, { status: 'notAttending' });
      expect(shownStatus(row, edits[row.studentId])).toBe('notAttending');
      expect(statusChanged(row, edits[row.studentId])).toBe(true);
      expect(pendingChanges([row], edits)).toBe(1);
      expect(sheetInput([row], edits).records).toEqual([
        { studentId: row.studentId, manualStatus: 'notAttending', note: null },
      ]);
    }
  });
});

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
  it('marks attending, as the teacher’s own status, every row no person has given one, and keeps notes typed', () => {
    const edits = allPresent([...rows, savedBlank], withEdit({}, 'a', { note: 'Kom sent' }));
    expect([...rows, savedBlank].map((row) => shownStatus(row, edits[row.studentId]))).toEqual([
      'attending',
      'attending',
      'justifiedLeave',
      'notAttending',
      'attending',
    ]);
    expect(edits.a).toEqual({ status: 'attending', note: 'Kom sent' });
    // The scanned row is confirmed by the teacher: it becomes a manual registration.
    expect(sheetInput(rows, edits).records[1]).toMatchObject({ studentId: 'b', manualStatus: 'attending' });
    expect(statusCounts(rows, edits)).toEqual({
      attending: 2,
      notAttending: 1,
      justifiedLeave: 1,
      notRegistered: 0,
    });
  });

  it('keeps a status the teacher tapped before, absence registered in advance and a saved manual status', () => {
    const edits = allPresent(rows, withEdit({}, 'a', { status: 'notAttending' }));
    expect(edits.a).toEqual({ status: 'notAttending' });
    expect(edits.c).toBeUndefined();
    expect(edits.d).toBeUndefined();
  });
});

describe('a refetch while the teacher edits', () => {
  it('shows the new server status in untouched rows and keeps the edited ones', () => {
    const edits = withEdit({}, 'a', { status: 'justifiedLeave' });
    const refetched: AttendanceSheetRow[] = rows.map((row) => ({
      ...row,
      status: 'attending',
      record: record({ nfcStatus: 'attending' }),
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
  it('counts the statuses shown, and the rows not registered apart', () => {
    expect(statusCounts(rows, {})).toEqual({
      attending: 1,
      notAttending: 1,
      justifiedLeave: 1,
      notRegistered: 1,
    });
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
