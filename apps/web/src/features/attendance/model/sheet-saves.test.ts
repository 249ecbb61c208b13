import type { AttendanceSheet, AttendanceSheetRow } from '@tun/shared/attendance';
import { describe, expect, it } from 'vitest';
import { record } from './sheet-test-records';
import { pendingChanges, sheetInput, withEdit } from './sheet-model';
import {
  alreadySaved,
  mergeEdits,
  replaceable,
  saveRetryDelay,
  sheetSaveState,
  sheetSaveStates,
  shouldRetrySave,
  type SheetSaveSnapshot,
} from './sheet-saves';

function save(fields: Partial<SheetSaveSnapshot> = {}): SheetSaveSnapshot {
  return {
    id: 1,
    eventId: 'e1',
    status: 'pending',
    isPaused: true,
    errorCode: null,
    error: null,
    edits: { a: { status: 'notAttending' } },
    ...fields,
  };
}

const rows: AttendanceSheetRow[] = [
  { studentId: 'a', record: null, preliminary: null, status: 'notAttending' },
  {
    studentId: 'b',
    record: record({ manualStatus: 'attending', note: 'Kom sent' }),
    preliminary: null,
    status: 'attending',
  },
];

describe('mergeEdits', () => {
  it('puts the later edits over the queued ones field by field', () => {
    const queued = withEdit(withEdit({}, 'a', { status: 'notAttending' }), 'b', { note: 'Syk' });
    const later = withEdit({}, 'a', { note: 'Lege' });
    expect(mergeEdits(queued, later)).toEqual({
      a: { status: 'notAttending', note: 'Lege' },
      b: { note: 'Syk' },
    });
    expect(mergeEdits(queued, {})).toEqual(queued);
    expect(mergeEdits({}, later)).toEqual(later);
  });
});

describe('pendingChanges over a queued save', () => {
  it('counts only what the queued save does not already hold', () => {
    const queued = withEdit({}, 'a', { status: 'notAttending' });
    expect(pendingChanges(rows, queued, queued)).toBe(0);
    expect(pendingChanges(rows, withEdit({}, 'a', { status: 'attending' }), queued)).toBe(1);
    // The server still has no record for a: the same status again is nothing new for the queue.
    expect(pendingChanges(rows, withEdit({}, 'a', { status: 'notAttending' }), queued)).toBe(0);
    expect(pendingChanges(rows, withEdit({}, 'b', { note: 'Kom sent' }), queued)).toBe(0);
    expect(pendingChanges(rows, withEdit({}, 'b', { note: 'Kom sent' }), { b: { note: '' } })).toBe(1);
  });
});

describe('sheetSaveState', () => {
  it('is none without saves and when the latest one is through', () => {
    expect(sheetSaveState([], false)).toEqual({ kind: 'none' });
    expect(
      sheetSaveState(
        [save({ id: 1, status: 'error', errorCode: 'sheet-changed' }), save({ id: 2, status: 'success' })],
        true,
      ),
    ).toEqual({ kind: 'none' });
  });

  it('is queued while offline, or after an attempt that got no answer', () => {
    expect(sheetSaveState([save()], false).kind).toBe('queued');
    expect(sheetSaveState([save({ isPaused: false, errorCode: 'network-error' })], true).kind).toBe('queued');
  });

  it('is waiting when paused online (another sheet is saved first) and sending when under way', () => {
    expect(sheetSaveState([save()], true).kind).toBe('waiting');
    expect(sheetSaveState([save({ isPaused: false })], true).kind).toBe('sending');
  });

  it('is a conflict for sheet-changed and failed for any other refusal', () => {
    expect(sheetSaveState([save({ status: 'error', errorCode: 'sheet-changed' })], true).kind).toBe(
      'conflict',
    );
    expect(sheetSaveState([save({ status: 'error', errorCode: 'forbidden' })], true).kind).toBe('failed');
  });

  it('goes by the latest save, which holds every change before it', () => {
    const state = sheetSaveState(
      [
        save({ id: 3, edits: { a: { status: 'attending' } } }),
        save({ id: 2, status: 'error', errorCode: 'forbidden' }),
      ],
      false,
    );
    expect(state).toMatchObject({ kind: 'queued', save: { id: 3, edits: { a: { status: 'attending' } } } });
  });

  it('is given per sheet, for sheets with a save not through', () => {
    const states = sheetSaveStates(
      [
        save({ id: 1, eventId: 'e1' }),
        save({ id: 2, eventId: 'e2', status: 'error', errorCode: 'sheet-changed' }),
        save({ id: 3, eventId: 'e3', status: 'success' }),
      ],
      false,
    );
    expect([...states]).toEqual([
      ['e1', 'queued'],
      ['e2', 'conflict'],
    ]);
  });
});

describe('replaceable', () => {
  it('lets a new save take the place of one not started or refused, never of one under way', () => {
    expect(replaceable(sheetSaveState([save()], false))).toBe(true);
    expect(replaceable(sheetSaveState([save({ status: 'error', errorCode: 'sheet-changed' })], true))).toBe(
      true,
    );
    expect(replaceable(sheetSaveState([save({ isPaused: false })], true))).toBe(false);
    // Between two attempts the retry will still be sent.
    expect(replaceable(sheetSaveState([save({ isPaused: false, errorCode: 'network-error' })], true))).toBe(
      false,
    );
    expect(replaceable({ kind: 'none' })).toBe(false);
  });
});

describe('retrying a save', () => {
  it('tries again only when no answer came, with growing pauses of at most 30 s', () => {
    expect(shouldRetrySave(1, { code: 'network-error' })).toBe(true);
    expect(shouldRetrySave(50, { code: 'network-error' })).toBe(true);
    expect(shouldRetrySave(1, { code: 'sheet-changed' })).toBe(false);
    expect(shouldRetrySave(1, new Error('x'))).toBe(false);
    expect([1, 2, 3, 6, 20].map(saveRetryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe('alreadySaved', () => {
  const sheetWith = (sheetRows: AttendanceSheetRow[]): AttendanceSheet => ({
    eventId: 'e1',
    registration: { registeredBy: 't1', date: '2026-11-23T08:00:00.000Z' },
    rows: sheetRows,
    policies: { change: true },
    names: { people: {}, room: null, attendees: [] },
  });
  const edits = withEdit({}, 'a', { status: 'notAttending' });
  const input = sheetInput(rows, edits);

  it('is true when the server holds exactly what the save would write (its own earlier attempt)', () => {
    const saved = sheetWith([{ ...rows[0]!, record: record({ manualStatus: 'notAttending' }) }, rows[1]!]);
    expect(alreadySaved(saved, input)).toBe(true);
  });

  it('is false when a status or note differs, a listed student has no record, or another has one', () => {
    expect(alreadySaved(sheetWith(rows), input)).toBe(false);
    const otherNote = sheetWith([
      { ...rows[0]!, record: record({ manualStatus: 'notAttending' }) },
      { ...rows[1]!, record: record({ manualStatus: 'attending', note: 'Syk' }) },
    ]);
    expect(alreadySaved(otherNote, input)).toBe(false);
    const extra = sheetWith([
      { ...rows[0]!, record: record({ manualStatus: 'notAttending' }) },
      rows[1]!,
      { studentId: 'c', record: record(), preliminary: null, status: 'notAttending' },
    ]);
    expect(alreadySaved(extra, input)).toBe(false);
    expect(alreadySaved(sheetWith([rows[1]!]), input)).toBe(false);
  });
});
