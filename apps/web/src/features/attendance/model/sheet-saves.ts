/**
 * Saves of a sheet that wait for the network. A teacher in a room without coverage saves the
 * sheet anyway: the save is queued (a paused mutation) and sent when the connection is back, one
 * at a time and in order. Until then the sheet shows the queued values over the server's rows,
 * and a save that meets a newer one on the server is shown to the teacher, never sent over it.
 */
import type { AttendanceSheet, AttendanceSheetInput } from '@tun/shared/attendance';
import type { RowEdit, SheetEdits } from './sheet-model';

/** The code api-client gives a request that got no answer. */
const NETWORK_ERROR = 'network-error';

/** `over` on top of `under`, field by field: a note typed after a status was queued keeps the status. */
export function mergeEdits(under: SheetEdits, over: SheetEdits): SheetEdits {
  const merged: Record<string, RowEdit> = { ...under };
  for (const [studentId, edit] of Object.entries(over)) merged[studentId] = { ...under[studentId], ...edit };
  return merged;
}

/** What the sheet needs to know of one save of it (a plain copy of the mutation's state). */
export interface SheetSaveSnapshot {
  /** The mutation's id: later saves have higher ones. */
  id: number;
  eventId: string;
  status: 'idle' | 'pending' | 'success' | 'error';
  isPaused: boolean;
  /** The problem code of the last failed attempt, or of the error the save ended with. */
  errorCode: string | null;
  /** The error the save ended with, for its message. */
  error: unknown;
  /** What the teacher changed, shown over the server's rows until the save is through. */
  edits: SheetEdits;
}

export type SheetSaveKind = 'queued' | 'waiting' | 'sending' | 'conflict' | 'failed';

export type SheetSaveState = { kind: 'none' } | { kind: SheetSaveKind; save: SheetSaveSnapshot };

/**
 * Where the sheet's latest save stands. Only the latest counts: each save lists the whole sheet
 * with every change before it, so an earlier one that failed is covered by a later one.
 * - queued: waits for the network (offline, or the last attempt got no answer);
 * - waiting: online, behind another sheet's save (they go one at a time);
 * - sending: under way;
 * - conflict: someone saved the sheet after the teacher fetched it ('sheet-changed');
 * - failed: refused for another reason; the values stay so that nothing is lost.
 */
export function sheetSaveState(saves: readonly SheetSaveSnapshot[], online: boolean): SheetSaveState {
  let save: SheetSaveSnapshot | undefined;
  for (const candidate of saves) if (!save || candidate.id > save.id) save = candidate;
  if (!save || save.status === 'success' || save.status === 'idle') return { kind: 'none' };
  if (save.status === 'error')
    return { kind: save.errorCode === 'sheet-changed' ? 'conflict' : 'failed', save };
  if (save.errorCode === NETWORK_ERROR || (save.isPaused && !online)) return { kind: 'queued', save };
  return { kind: save.isPaused ? 'waiting' : 'sending', save };
}

/** Where the latest save of each sheet stands, for sheets with one that is not through. */
export function sheetSaveStates(
  saves: readonly SheetSaveSnapshot[],
  online: boolean,
): Map<string, SheetSaveKind> {
  const byEvent = new Map<string, SheetSaveSnapshot[]>();
  for (const save of saves) byEvent.set(save.eventId, [...(byEvent.get(save.eventId) ?? []), save]);
  const states = new Map<string, SheetSaveKind>();
  for (const [eventId, ofEvent] of byEvent) {
    const state = sheetSaveState(ofEvent, online);
    if (state.kind !== 'none') states.set(eventId, state.kind);
  }
  return states;
}

/**
 * Whether a new save may take the place of the latest one: it has not started (paused) or has
 * ended with an error. One under way, or between two attempts, will still be sent, so it is
 * waited for.
 */
export function replaceable(
  state: SheetSaveState,
): state is { kind: SheetSaveKind; save: SheetSaveSnapshot } {
  if (state.kind === 'none') return false;
  return state.save.status === 'error' || (state.save.status === 'pending' && state.save.isPaused);
}

/** A save that got no answer is tried again, however long the connection is gone; nothing else is. */
export function shouldRetrySave(_failureCount: number, error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === NETWORK_ERROR
  );
}

/**
 * Between attempts: 1, 2, 4 … seconds, at most 30. While the app knows it is offline the save
 * waits for the connection instead (a paused mutation), so this only spaces out a server that
 * answers with a gateway error.
 */
export function saveRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failureCount - 1), 30_000);
}

/**
 * Whether the server's sheet already holds exactly what the save would write: every listed
 * student with its manual status and note, and no record for anyone left out. An attempt whose
 * answer was lost on the way may well have been saved; its retry then meets its own save as
 * «someone saved since», which is no conflict.
 */
export function alreadySaved(sheet: AttendanceSheet, input: AttendanceSheetInput): boolean {
  const wanted = new Map(input.records.map((record) => [record.studentId, record]));
  return (
    sheet.rows.every((row) => {
      const record = wanted.get(row.studentId);
      if (!record) return row.record === null;
      return (
        row.record !== null &&
        row.record.manualStatus === record.manualStatus &&
        row.record.note === (record.note ?? null)
      );
    }) && input.records.every((record) => sheet.rows.some((row) => row.studentId === record.studentId))
  );
}
