import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';
import { confirmRestoredSession, persistOptions } from './query-client';

const NotificationsContainer = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.NotificationsContainer })),
);

/**
 * Mantine's notifications container, loaded with the first notification shown: /login mostly
 * shows none, and the container brings its transitions and the scroll lock (about 12 KB gzip).
 * Notifications shown before it is there wait in the store and appear once it is; it stays.
 */
function NotificationsWhenShown() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}

/**
 * How long the first render waits for the saved query cache. Reading it takes milliseconds; a
 * browser whose IndexedDB hangs must not keep the app blank. (The server's word on a restored
 * session has its own limit, in confirmRestoredSession.)
 */
const RESTORE_WAIT_MS = 1500;

/**
 * The pages start once the saved query cache is back in memory (and, online, its session
 * confirmed): offline, the route guard then finds the saved session instead of asking the
 * server for it and waiting for the network.
 */
function useRestoreGate(queryClient: QueryClient): [restored: boolean, done: () => void] {
  const [restored, setRestored] = useState(false);
  const readFromDisk = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!readFromDisk.current) setRestored(true);
    }, RESTORE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const done = () => {
    readFromDisk.current = true;
    void confirmRestoredSession(queryClient).finally(() => setRestored(true));
  };
  return [restored, done];
}

/**
 * App-wide providers. The modals provider is not here but in the app shell: only signed-in
 * pages open dialogs, and Mantine's Modal (scroll lock, focus trap) would add about 15 KB gzip
 * to /login.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [options] = useState(() => persistOptions(queryClient));
  const [restored, restoreDone] = useRestoreGate(queryClient);
  return (
    // Light only: every colour has been checked for contrast in this scheme.
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={options}
        onSuccess={restoreDone}
        onError={restoreDone}
      >
        <NotificationsWhenShown />
        {restored ? children : null}
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
