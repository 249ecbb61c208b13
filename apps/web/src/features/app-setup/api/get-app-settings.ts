import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@tun/shared/app-settings';
import { apiRequest } from '../../../lib/api-client';

/**
 * Starts with 'school', the live topic the server announces a change of the app settings on, so
 * another admin's save refreshes an open form (which keeps the admin's own typing).
 */
export const appSettingsQueryKey = ['school', 'app-settings'] as const;

export function getAppSettings(signal?: AbortSignal): Promise<AppSettings> {
  return apiRequest<AppSettings>('/app-settings', { signal });
}

export const appSettingsQueryOptions = queryOptions({
  queryKey: appSettingsQueryKey,
  queryFn: ({ signal }) => getAppSettings(signal),
});

export function useAppSettings(options: { enabled: boolean }) {
  return useQuery({ ...appSettingsQueryOptions, enabled: options.enabled });
}
