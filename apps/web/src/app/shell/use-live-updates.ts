import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLive, type LiveConnection } from '../../lib/live';

// One stream per tab, shared by whoever asks, and closable from logout without a React tree.
let connection: LiveConnection | null = null;
let users = 0;

export function stopLiveUpdates(): void {
  connection?.close();
  connection = null;
}

/** Keeps the live stream open while the signed-in app is mounted. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    users += 1;
    connection ??= connectLive(queryClient);
    return () => {
      users -= 1;
      if (users === 0) stopLiveUpdates();
    };
  }, [queryClient]);
}
