import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import type { Session } from '@tun/shared/auth';
import { del, get, set } from 'idb-keyval';
import { sessionQueryKey, sessionQueryOptions } from '../entities/session/get-session';
import {
  isUnsentSheetSave,
  registerSheetSaves,
  resumeSheetSaves,
} from '../features/attendance/api/save-attendance-sheet';
import { ApiError, isApiError } from '../lib/api-client';
import { loadAppCatalog } from '../lib/i18n';
import { isOnline } from '../lib/online-status';
import { within } from '../lib/within';

const MAX_RETRIES = 2;

/**
 * What Tun shows offline: the last fetched answers of these queries, kept in IndexedDB
 * (docs/decisions/022-installed-app.md). The session, so /app opens at all; the timetable and
 * events, posts, the menu, notifications, the school's info, the dashboard's supervision card
 * and attendance the user reads (their own, a student's, a sheet), with the people whose names
 * a sheet shows. Not reports or settings: large, or of no use on the go. Calendar feed addresses are secrets
 * and stay out too.
 */
const PERSISTED_ROOTS: ReadonlySet<string> = new Set([
  'session',
  'calendar',
  'posts',
  'foodPlan',
  'notifications',
  'school',
  'supervision',
  'people',
  // What an info screen shows: a TV that loses the network keeps showing it.
  'screen',
]);
const PERSISTED_ATTENDANCE: ReadonlySet<string> = new Set(['me', 'student', 'sheet']);
const NOT_PERSISTED_CALENDAR: ReadonlySet<string> = new Set(['feeds']);

export function isPersistedQueryKey(queryKey: readonly unknown[]): boolean {
  const [root, part] = queryKey;
  if (root === 'attendance') return typeof part === 'string' && PERSISTED_ATTENDANCE.has(part);
  if (root === 'calendar') return !(typeof part === 'string' && NOT_PERSISTED_CALENDAR.has(part));
  // The school's single sign-on settings: an admin's, of no use offline.
  if (root === 'school') return part !== 'sso';
  return typeof root === 'string' && PERSISTED_ROOTS.has(root);
}

/** Older saved data is thrown away rather than shown as today's. */
const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/**
 * How long a persisted query stays in memory unused. TanStack's default (5 minutes) would
 * drop, say, the timetable while the user reads posts offline, and the next save would lose it.
 */
const PERSISTED_GC_TIME_MS = 24 * 60 * 60_000;
const STORAGE_KEY = 'tun.query-cache';

/** Set by vite.config.ts; absent in unit tests. */
declare const __TUN_BUILD_ID__: string | undefined;
const BUILD_ID = typeof __TUN_BUILD_ID__ === 'string' ? __TUN_BUILD_ID__ : 'dev';

/** Signed out, or the session has expired: nothing of the last user's is kept on the device. */
function sessionEnded(queryClient: QueryClient): boolean {
  const error = queryClient.getQueryState(sessionQueryKey)?.error;
  return isApiError(error) && error.status === 401;
}

const persister = createAsyncStoragePersister({
  // IndexedDB through idb-keyval: async, and far roomier than localStorage.
  storage: { getItem: (key) => get<string>(key), setItem: (key, value) => set(key, value), removeItem: del },
  key: STORAGE_KEY,
});

export function persistOptions(queryClient: QueryClient): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    // Another build may shape its data differently: what an older one saved is dropped.
    buster: BUILD_ID,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => {
        if (!isPersistedQueryKey(query.queryKey) || sessionEnded(queryClient)) return false;
        // Answers only (TanStack's default), not queries loading or failed. The session is the
        // exception: offline its refetch fails (see createQueryClient), and its last answer
        // must stay saved, or the next start without a network could not open /app.
        if (query.state.status === 'success') return true;
        return query.queryKey[0] === sessionQueryKey[0] && query.state.data !== undefined;
      },
      // Attendance saves not yet sent are kept with the data, so that a reload or a closed app
      // does not lose them; how to send them is registered on the client (createQueryClient).
      shouldDehydrateMutation: (mutation) => isUnsentSheetSave(mutation) && !sessionEnded(queryClient),
    },
  };
}

/** Empties the saved copy: on sign-out, so the next user of the device never sees it. */
export async function clearPersistedQueries(): Promise<void> {
  try {
    await persister.removeClient();
  } catch {
    // No IndexedDB here (a locked-down browser): then nothing was saved either.
  }
}

/**
 * How long the first render waits for the saved query cache. Reading it takes milliseconds; a
 * browser whose IndexedDB hangs must not keep the app blank. (The server's word on a restored
 * session has its own limit, in confirmRestoredSession.)
 */
const RESTORE_WAIT_MS = 1500;

/**
 * Before the first render: the saved answers back in memory and, online, their session confirmed.
 * Offline, the route guard then finds the saved session instead of asking the server for it and
 * waiting for the network. Changes are saved from the end of the restore on (a save before it
 * would overwrite what is being read).
 */
export async function restoreSavedAnswers(queryClient: QueryClient): Promise<void> {
  // The persistence packages type the client with the older query-core they pin; the build
  // serves one copy of it (vite.config.ts, dedupe), so this is the same class.
  const client = queryClient as unknown as PersistQueryClientOptions['queryClient'];
  const options = { ...persistOptions(queryClient), queryClient: client };
  // A failed restore has dropped the saved copy (TanStack's own handling): start without it.
  const restore = persistQueryClientRestore(options).then(
    () => true,
    () => true,
  );
  void restore.then(() => persistQueryClientSubscribe(options));
  if (await within(restore, RESTORE_WAIT_MS)) await confirmRestoredSession(queryClient);
}

/** How long the first render waits for the server to confirm a restored session. */
const SESSION_CHECK_WAIT_MS = 3000;

/**
 * Online, a restored session is asked about before any page shows what was saved with it.
 * One the server no longer knows (expired, signed out elsewhere) takes everything saved with
 * it, so the next person at a shared device gets the login page, not the last user's
 * timetable. No answer in time, or none at all: the saved session stands, as it does offline.
 */
async function confirmRestoredSession(queryClient: QueryClient): Promise<void> {
  await checkRestoredSession(queryClient);
  // Saves queued before the reload go on once their session is known. Had it expired, they
  // fail as not signed in and keep their values on the sheet, to be saved again after signing in.
  // Their notices' texts are in the whole catalog, which /login alone does not load.
  const unsent = queryClient.getMutationCache().getAll().some(isUnsentSheetSave);
  const texts = unsent ? loadAppCatalog().catch(() => undefined) : Promise.resolve();
  void texts.then(() => resumeSheetSaves(queryClient));
}

async function checkRestoredSession(queryClient: QueryClient): Promise<void> {
  if (!isOnline() || queryClient.getQueryData(sessionQueryKey) === undefined) return;
  const check = queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).then(
    () => undefined,
    (error: unknown) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        queryClient.removeQueries();
        void clearPersistedQueries();
      }
    },
  );
  await within(check, SESSION_CHECK_WAIT_MS);
}

/**
 * Another user signed in on this device while the last one's data was still loaded (their
 * session had expired): everything but the new session goes, in memory and on disk, so the
 * new user never sees a flash of the old user's timetable or posts.
 */
function forgetOtherUsers(queryClient: QueryClient): (query: Query) => void {
  let userId: string | undefined;
  return (query) => {
    if (query.queryKey[0] !== sessionQueryKey[0]) return;
    const next = (query.state.data as Session | undefined)?.user.id;
    if (next === undefined) return;
    if (userId !== undefined && next !== userId) {
      queryClient.removeQueries({ predicate: (other) => other.queryKey[0] !== sessionQueryKey[0] });
      // The last user's unsent saves too: never sent in the new user's name (sendSave refuses
      // that anyway), nor shown on their sheets.
      queryClient.getMutationCache().clear();
      void clearPersistedQueries();
    }
    userId = next;
  };
}

// A 4xx will not change by asking again; network trouble and 5xx might.
function shouldRetry(failureCount: number, error: Error): boolean {
  return (
    failureCount < MAX_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500)
  );
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Any 401 means the session is gone; refetching it lets the app shell send the user to log in.
        if (isApiError(error, 'unauthenticated') && query.queryKey[0] !== sessionQueryKey[0]) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
      },
    },
  });
  // Saved queries stay in memory for PERSISTED_GC_TIME_MS. The session also asks while
  // offline: without a saved one, the route guard's request then fails at once and the error
  // page says there is no connection, where TanStack's default would wait for the network
  // behind a spinner. (With a saved session the guard asks nothing.) One call per key: a
  // second call for the same key would replace the first.
  for (const root of PERSISTED_ROOTS) {
    queryClient.setQueryDefaults([root], {
      gcTime: PERSISTED_GC_TIME_MS,
      ...(root === sessionQueryKey[0]
        ? {
            networkMode: 'always' as const,
            // Offline, asking again would only keep the error page waiting.
            retry: (failureCount: number, error: Error) => isOnline() && shouldRetry(failureCount, error),
          }
        : {}),
    });
  }
  for (const part of PERSISTED_ATTENDANCE) {
    queryClient.setQueryDefaults(['attendance', part], { gcTime: PERSISTED_GC_TIME_MS });
  }
  registerSheetSaves(queryClient);
  const onSession = forgetOtherUsers(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'updated') onSession(event.query);
  });
  return queryClient;
}
