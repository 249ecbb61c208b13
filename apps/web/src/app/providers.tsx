import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';
import { confirmRestoredSession, persistOptions } from './query-client';

/** SPEC §9: notifications stay 5000 ms and sit at the bottom. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

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
        <Notifications position="bottom-center" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
        {restored ? children : null}
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
