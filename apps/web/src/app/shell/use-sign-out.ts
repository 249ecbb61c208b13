import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { useErrorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { clearPersistedQueries } from '../query-client';
import { stopLiveUpdates } from './use-live-updates';

export function useSignOut() {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const errorMessage = useErrorMessage();
  const { mutateAsync } = logout;

  const signOut = useCallback(async () => {
    try {
      await mutateAsync();
    } catch (error) {
      // Staying put is safer than pretending: on a shared computer the session would live on.
      notify({ color: 'red', title: t('userMenu.logoutFailed'), message: errorMessage(error) });
      return;
    }
    stopLiveUpdates();
    await router.navigate({ to: '/login' });
    // After leaving /app, so no mounted page refetches its data as the cache empties. This drops
    // the user, their profile and everything loaded for them (SPEC §4), and the copy kept for
    // offline reading, so the next user of the device never sees it.
    queryClient.clear();
    await clearPersistedQueries();
  }, [errorMessage, mutateAsync, queryClient, router, t]);

  return { signOut, pending: logout.isPending };
}
