import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppSettings, AppSettingsInput } from '@tun/shared/app-settings';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../entities/session/get-session';
import { appSettingsQueryKey } from './get-app-settings';

export function updateAppSettings(input: AppSettingsInput): Promise<AppSettings> {
  return apiRequest<AppSettings>('/app-settings', { method: 'PUT', body: input });
}

export function useUpdateAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(appSettingsQueryKey, settings);
      // The session carries the features and the app's name: the nav changes at once, without
      // waiting for the live stream.
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
