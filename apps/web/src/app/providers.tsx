import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

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
 * App-wide providers. The modals provider is not here but in the app shell: only signed-in
 * pages open dialogs, and Mantine's Modal (scroll lock, focus trap) would add about 15 KB gzip
 * to /login.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    // Light only: every colour has been checked for contrast in this scheme.
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <NotificationsWhenShown />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
