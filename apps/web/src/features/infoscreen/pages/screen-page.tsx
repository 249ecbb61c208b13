import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../components/use-now';
import {
  screenCheckInQueryOptions,
  screenContentQueryKey,
  screenContentQueryOptions,
} from '../../../entities/screens/get-screen';
import { ScreenDisplay } from '../../../entities/screens/screen-display';
import { isApiError } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/online-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { signOutScreen } from '../api/leave';
import { connectScreenLive } from '../api/screen-live';
import { useHeartbeat } from '../components/use-heartbeat';
import { useReloadRequest } from '../components/use-reload-request';
import '../../../entities/screens/screen-display.css';

/** The clock's tick: the minute shown turns within a second of the real one. */
const TICK_MS = 1000;
/** With nothing to show yet and the server failing, how often to ask again. */
const FAILED_RETRY_MS = 30_000;
/** The check-in link is asked for again when it runs out, but never more often than this. */
const CHECK_IN_MIN_REFRESH_MS = 5_000;

/**
 * What a paired TV shows (SPEC §2 /screen). One query holds the whole screen; the live stream
 * refetches it on any change, the last answer stays (and is kept on the device) while the
 * network is gone, and a 401 (the screen was revoked) sends the TV back to pairing.
 */
export function ScreenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.screen.title'));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useNow(TICK_MS);
  const online = useOnlineStatus();

  const content = useQuery({
    ...screenContentQueryOptions,
    // Retries (app/query-client.ts) give up after a few tries; a TV on the wall must not.
    refetchInterval: (query) => (query.state.status === 'error' ? FAILED_RETRY_MS : false),
    refetchIntervalInBackground: true,
  });
  const layout = content.data?.screen.layout;
  const showsCheckIn = layout !== undefined && layout.roomId !== null && layout.panels.includes('checkIn');
  const checkIn = useQuery({
    ...screenCheckInQueryOptions,
    enabled: showsCheckIn,
    refetchInterval: (query) => {
      const validUntil = query.state.data?.validUntil;
      return validUntil ? Math.max(CHECK_IN_MIN_REFRESH_MS, Date.parse(validUntil) - Date.now()) : false;
    },
    refetchIntervalInBackground: true,
  });

  const leaving = useRef(false);
  const toPairing = useCallback(
    (signOut: boolean) => {
      if (leaving.current) return;
      leaving.current = true;
      void (signOut ? signOutScreen().catch(() => undefined) : Promise.resolve())
        .then(() => navigate({ to: '/infoscreen-onboarding', replace: true }))
        // After leaving, so no mounted query fetches it again: nothing of the screen lingers.
        .then(() => queryClient.removeQueries({ queryKey: screenContentQueryKey }));
    },
    [navigate, queryClient],
  );
  const onSignedOut = useCallback(() => toPairing(false), [toPairing]);

  const error = content.error ?? checkIn.error;
  useEffect(() => {
    if (isApiError(error) && error.status === 401) toPairing(false);
    // A TV account whose screen was deleted: pairing again is the way back to a screen.
    else if (isApiError(error, 'screen-not-paired')) toPairing(true);
  }, [error, toPairing]);

  useEffect(() => {
    const connection = connectScreenLive(queryClient);
    return () => connection.close();
  }, [queryClient]);

  useHeartbeat(onSignedOut);
  useReloadRequest(content.data, content.dataUpdatedAt, content.isFetchedAfterMount);

  const nowDate = useMemo(() => new Date(now), [now]);
  // Offline, or the server failing while the last answer is shown: the stamp says how old it is.
  const stale = !online || (content.isError && content.data !== undefined);
  const offlineSince = stale && content.dataUpdatedAt > 0 ? new Date(content.dataUpdatedAt) : null;

  if (!content.data) {
    return (
      <main className="tun-screen-frame tun-screen-waiting">
        <p role="status">{content.isError ? t('screens.page.failed') : t('screens.page.loading')}</p>
      </main>
    );
  }
  return (
    <ScreenDisplay
      content={content.data}
      checkIn={showsCheckIn ? (checkIn.data ?? null) : null}
      now={nowDate}
      offlineSince={offlineSince}
    />
  );
}
