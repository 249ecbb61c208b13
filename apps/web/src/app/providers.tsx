import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/** SPEC §9: notifications stay 5000 ms and sit at the bottom. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

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
        <Notifications position="bottom-center" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
