import {
  useMutation,
  useMutationState,
  useQueryClient,
  type Mutation,
  type MutationFunctionContext,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { AttendanceSheet, AttendanceSheetInput } from '@tun/shared/attendance';
import i18next from 'i18next';
import { useEffect } from 'react';
import type { Session } from '@tun/shared/auth';
import { PROBLEMS } from '@tun/shared/problem';
import { ApiError, apiRequest, isApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { isOnline } from '../../../lib/online-status';
import { attendanceQueryKey } from '../../../entities/attendance/attendance-query-key';
import { sessionQueryKey } from '../../../entities/session/get-session';
import type { SheetEdits } from '../model/sheet-model';
import { alreadySaved, saveRetryDelay, shouldRetrySave, type SheetSaveSnapshot } from '../model/sheet-saves';
import { attendanceSheetPath } from '@tun/shared/page-data';
import { attendanceSheetQueryOptions, getAttendanceSheet } from './get-attendance-sheet';

/** SPEC §7 batch write: every listed student in one request and one transaction. */
export function saveAttendanceSheet({
  eventId,
  input,
}: {
  eventId: string;
  input: AttendanceSheetInput;
}): Promise<AttendanceSheet> {
  return apiRequest<AttendanceSheet>(attendanceSheetPath(eventId), { method: 'PUT', body: input });
}

/** One save of a sheet, as it waits in the queue. */
export interface SheetSave {
  eventId: string;
  /** Who made it: a save is never sent in the name of someone who signed in after them. */
  personId: string;
  /** Named in the result, which may come when the teacher is on another page. */
  eventName: string;
  /** What the teacher changed: shown over the server's rows until the save is through. */
  edits: SheetEdits;
  /** The body, with `basedOn` the registration date of the sheet the teacher edited. */
  input: AttendanceSheetInput;
}

/** Whether the save had to wait (offline, or behind another): its result then names the sheet. */
interface SaveContext {
  waited: boolean;
}

const SAVE_KEY = ['attendance', 'save-sheet'] as const;

/**
 * All saves of sheets share one queue: offline they wait (paused, TanStack Query's default
 * networkMode 'online'), and when the connection is back they go one at a time, in the order
 * they were made.
 */
const SAVE_SCOPE = { id: 'attendance-save' };

/**
 * Saves whose attempt got no answer: their result names the sheet (the teacher may be elsewhere).
 */
const answerLost = new WeakSet<SheetSave>();

/** Sheets on screen, by event: their own alert shows a failed save, so no notification is needed. */
const sheetsShown = new Map<string, number>();

/** The sheet of this event is on screen while the calling component is mounted. */
export function useSheetShown(eventId: string): void {
  useEffect(() => {
    sheetsShown.set(eventId, (sheetsShown.get(eventId) ?? 0) + 1);
    return () => {
      const count = (sheetsShown.get(eventId) ?? 1) - 1;
      if (count > 0) sheetsShown.set(eventId, count);
      else sheetsShown.delete(eventId);
    };
  }, [eventId]);
}

async function sendSave(save: SheetSave, { client }: MutationFunctionContext): Promise<AttendanceSheet> {
  const signedIn = client.getQueryData<Session>(sessionQueryKey)?.user.id;
  if (signedIn !== undefined && signedIn !== save.personId) {
    throw new ApiError({
      type: 'about:blank',
      status: 403,
      code: 'forbidden',
      title: PROBLEMS.forbidden.title,
    });
  }
  try {
    return await saveAttendanceSheet(save);
  } catch (error) {
    if (isApiError(error, NETWORK_ERROR_CODE)) answerLost.add(save);
    else if (isApiError(error, 'sheet-changed')) {
      // Perhaps an earlier attempt of this very save, whose answer was lost or came after a
      // reload: a sheet that already holds exactly these values is no conflict.
      const current = await getAttendanceSheet(save.eventId);
      if (alreadySaved(current, save.input)) return current;
    }
    throw error;
  }
}

/** The saves of one sheet; a mutation only just built has no variables yet and is no save so far. */
function ofSheet(eventId: string | null) {
  return {
    mutationKey: SAVE_KEY,
    predicate: (mutation: Mutation<unknown, Error, unknown, unknown>) => {
      const save = mutation.state.variables as SheetSave | undefined;
      return save !== undefined && (eventId === null || save.eventId === eventId);
    },
  };
}

function saveMutationsOf(client: QueryClient, eventId: string): Mutation[] {
  return client.getMutationCache().findAll(ofSheet(eventId));
}

/** Earlier saves of the sheet that have ended: a later one has covered whatever they held. */
function forgetEndedSaves(client: QueryClient, save: SheetSave): void {
  for (const mutation of saveMutationsOf(client, save.eventId)) {
    if (mutation.state.status !== 'pending' && mutation.state.variables !== save) {
      client.getMutationCache().remove(mutation);
    }
  }
}

async function onSaved(
  sheet: AttendanceSheet,
  save: SheetSave,
  context: SaveContext | undefined,
  { client }: MutationFunctionContext,
): Promise<void> {
  // The answer is the saved sheet: show it at once, then let the student and line views catch up.
  client.setQueryData(attendanceSheetQueryOptions(save.eventId).queryKey, sheet);
  forgetEndedSaves(client, save);
  notify({
    color: 'fjord',
    message:
      context?.waited || answerLost.has(save)
        ? i18next.t('attendance.sheet.savedLater', { event: save.eventName })
        : i18next.t('attendance.sheet.saved', { count: sheet.rows.length }),
  });
  await client.invalidateQueries({
    queryKey: attendanceQueryKey,
    predicate: (query) => query.queryKey[1] !== 'sheet' || query.queryKey[2] !== save.eventId,
  });
}

async function onFailed(
  error: Error,
  save: SheetSave,
  _context: SaveContext | undefined,
  { client }: MutationFunctionContext,
): Promise<void> {
  const conflict = isApiError(error, 'sheet-changed');
  if (!sheetsShown.has(save.eventId)) {
    // The teacher has moved on: the result must reach them where they are, and stay until read.
    notify({
      color: 'red',
      autoClose: false,
      title: i18next.t('attendance.sheet.notSavedLater', { event: save.eventName }),
      message: conflict ? i18next.t('attendance.sheet.conflictElsewhere') : errorMessage(error),
    });
  }
  // The sheet as it is now, so that the teacher can see what the other save did.
  if (conflict) await client.invalidateQueries(attendanceSheetQueryOptions(save.eventId));
}

/**
 * How every save of a sheet is sent, also one restored after a reload: registered as the
 * mutation defaults of its key (registerSheetSaves), since a save queued offline outlives the
 * page that made it. Offline the save waits and is sent when the connection is back; a save
 * whose request got no answer is tried again. The values stay on the sheet until it is through,
 * also when the teacher leaves the sheet, and a save refused ('sheet-changed', or any other
 * error) stays until the teacher saves again or discards it, so the mutations are never
 * collected.
 */
const sheetSaveOptions = {
  mutationKey: SAVE_KEY,
  mutationFn: sendSave,
  scope: SAVE_SCOPE,
  retry: shouldRetrySave,
  retryDelay: saveRetryDelay,
  gcTime: Infinity,
  onMutate: (_save: SheetSave, { client }: MutationFunctionContext): SaveContext => ({
    // This save is among the pending ones already: another one is ahead of it in the queue.
    waited: !isOnline() || client.isMutating({ mutationKey: SAVE_KEY }) > 1,
  }),
  onSuccess: onSaved,
  onError: onFailed,
} satisfies MutationOptions<AttendanceSheet, Error, SheetSave, SaveContext>;

/** Saving a sheet. */
export function useSaveAttendanceSheet() {
  return useMutation<AttendanceSheet, Error, SheetSave, SaveContext>(sheetSaveOptions);
}

/** The client knows how to send a restored save (one queued before the page was reloaded). */
export function registerSheetSaves(client: QueryClient): void {
  client.setMutationDefaults(SAVE_KEY, sheetSaveOptions);
}

/**
 * Whether a mutation is a save still to be sent: it is kept on the device with the offline
 * data, so that a save queued offline survives a reload or a closed app.
 */
export function isUnsentSheetSave(mutation: {
  options: { mutationKey?: readonly unknown[] };
  state: { status: string };
}): boolean {
  const [root, part] = mutation.options.mutationKey ?? [];
  return root === SAVE_KEY[0] && part === SAVE_KEY[1] && mutation.state.status === 'pending';
}

/**
 * After a reload: the saves that were waiting go on, in the order they were made (one at a
 * time, as their scope says). Offline they wait again for the connection.
 */
export async function resumeSheetSaves(client: QueryClient): Promise<void> {
  const unsent = client
    .getMutationCache()
    .getAll()
    .filter(isUnsentSheetSave)
    .sort((a, b) => a.mutationId - b.mutationId);
  await Promise.all(unsent.map((mutation) => mutation.continue().catch(() => undefined)));
}

function errorCode(error: unknown): string | null {
  if (error === null || error === undefined) return null;
  return isApiError(error) ? error.code : 'unknown';
}

function snapshot(mutation: Mutation): SheetSaveSnapshot {
  const { state } = mutation;
  const save = state.variables as SheetSave;
  return {
    id: mutation.mutationId,
    eventId: save.eventId,
    status: state.status,
    isPaused: state.isPaused,
    errorCode: errorCode(state.error ?? state.failureReason),
    error: state.error,
    edits: save.edits,
  };
}

/** The saves of one sheet that the cache still holds, whichever page made them. */
export function useSheetSaves(eventId: string): SheetSaveSnapshot[] {
  return useMutationState({ filters: ofSheet(eventId), select: snapshot });
}

/** The saves of every sheet: for the list of events, which marks those still waiting. */
export function useAllSheetSaves(): SheetSaveSnapshot[] {
  return useMutationState({ filters: ofSheet(null), select: snapshot });
}

/** Drops a save that has not started or has failed: the teacher discards it, or saves anew. */
export function useDiscardSheetSave(): (id: number) => void {
  const client = useQueryClient();
  return (id) => {
    const cache = client.getMutationCache();
    const mutation = cache.find({ predicate: (candidate) => candidate.mutationId === id });
    if (mutation) cache.remove(mutation);
  };
}
