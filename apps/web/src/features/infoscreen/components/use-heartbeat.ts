import { SCREEN_HEARTBEAT_SECONDS } from '@tun/shared/screens';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api-client';
import { sendHeartbeat } from '../api/heartbeat';

/** Set by vite.config.ts; absent in unit tests. */
declare const __TUN_BUILD_ID__: string | undefined;
const BUILD_ID = typeof __TUN_BUILD_ID__ === 'string' ? __TUN_BUILD_ID__ : 'dev';

/**
 * Tells the server every SCREEN_HEARTBEAT_SECONDS that the TV is on and which build it runs.
 * A 401 means the session has ended (revoked): `onSignedOut` sends the TV back to pairing.
 */
export function useHeartbeat(onSignedOut: () => void): void {
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  });
  useEffect(() => {
    const beat = () => {
      sendHeartbeat(BUILD_ID).catch((error: unknown) => {
        if (isApiError(error) && error.status === 401) onSignedOutRef.current();
        // Anything else: the next beat tries again; being offline is what it reports.
      });
    };
    beat();
    const timer = window.setInterval(beat, SCREEN_HEARTBEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, []);
}
