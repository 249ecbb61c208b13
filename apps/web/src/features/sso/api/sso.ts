import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SsoProvider, SsoProviderCreate, SsoProviderUpdate, SsoSettings } from '@tun/shared/sso';
import { apiRequest } from '../../../lib/api-client';
import { setupStatusQueryKey } from '../../../entities/school/get-setup-status';

// Under 'school', so the live topic 'school' (any admin's change) refreshes it.
const ssoQueryKey = ['school', 'sso'] as const;

export function useSsoSettings() {
  return useQuery({
    queryKey: ssoQueryKey,
    queryFn: ({ signal }) => apiRequest<SsoSettings>('/sso', { signal }),
  });
}

/** A new provider, or the changes to one (a secret left out is kept). */
export type SaveSsoProvider = { id: null; body: SsoProviderCreate } | { id: string; body: SsoProviderUpdate };

export function saveSsoProvider(save: SaveSsoProvider): Promise<SsoProvider> {
  return save.id === null
    ? apiRequest<SsoProvider>('/sso/providers', { method: 'POST', body: save.body })
    : apiRequest<SsoProvider>(`/sso/providers/${encodeURIComponent(save.id)}`, {
        method: 'PATCH',
        body: save.body,
      });
}

function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ssoQueryKey }),
    // The login page's buttons, for when this browser signs out.
    queryClient.invalidateQueries({ queryKey: setupStatusQueryKey }),
  ]);
}

export function useSaveSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSsoProvider, onSuccess: () => refresh(queryClient) });
}

export function useRemoveSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/sso/providers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useSetSsoRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requiredForStaff: boolean) =>
      apiRequest<void>('/sso/requirement', { method: 'PUT', body: { requiredForStaff } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoQueryKey }),
  });
}
