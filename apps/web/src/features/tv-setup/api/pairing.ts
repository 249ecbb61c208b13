import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  normalizeUserCode,
  type PairingApprove,
  type PendingPairing,
  type Screen,
} from '@tun/shared/screens';
import { apiRequest } from '../../../lib/api-client';
import { screensQueryKey } from './get-screens';

/** Under 'screens': an approval or denial elsewhere (the live topic) asks again, and finds it gone. */
export const pendingPairingQueryKey = (userCode: string) =>
  [...screensQueryKey, 'pairing', normalizeUserCode(userCode)] as const;

/** A code waiting for approval; 404 problem `pairing-code-unknown` when none waits with it. */
export function getPendingPairing(userCode: string, signal?: AbortSignal): Promise<PendingPairing> {
  return apiRequest<PendingPairing>(`/screens/pairing/${encodeURIComponent(normalizeUserCode(userCode))}`, {
    signal,
  });
}

/** Asked when the admin checks a code (null: nothing to ask yet). */
export function usePendingPairing(userCode: string | null) {
  return useQuery({
    queryKey: pendingPairingQueryKey(userCode ?? ''),
    queryFn: ({ signal }) => getPendingPairing(userCode ?? '', signal),
    enabled: userCode !== null,
    // A code is single use: an answer from before is no promise that it still waits.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function approvePairing(input: PairingApprove): Promise<Screen> {
  return apiRequest<Screen>('/screens/pairing/approve', { method: 'POST', body: input });
}

export function denyPairing(userCode: string): Promise<void> {
  return apiRequest<void>('/screens/pairing/deny', { method: 'POST', body: { userCode } });
}

export function useApprovePairing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePairing,
    // The list, not the code just used: asked again, it would answer «unknown» before the form
    // has closed.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: screensQueryKey,
        predicate: (query) => query.queryKey[1] !== 'pairing',
      }),
  });
}

export function useDenyPairing() {
  return useMutation({ mutationFn: denyPairing });
}
